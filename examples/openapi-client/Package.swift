// swift-tools-version: 6.0
import PackageDescription

// An app team's view of the HTTP API: a typed Swift client for one catalog (rizq), generated at
// build time by swift-openapi-generator's plugin from the document the server serves for it
// (Sources/RizqClient/openapi.json, written by ./update-document from GET /v1/openapi.json).
// Its executable puts a day and reads the user's progress from a running server.
let package = Package(
  name: "openapi-client",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
  ],
  targets: [
    .executableTarget(
      name: "RizqClient",
      dependencies: [
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
    )
  ]
)
