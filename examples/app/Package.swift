// swift-tools-version: 6.0
import PackageDescription

// The repository's package, by path; its identity is the name of its folder, whatever the
// clone is called.
let rules = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "main"

// An app's view of the engine: this package links the RulesEngine product alone (no libyaml, no
// tooling), runs the example of PRODUCT.md ("Apps embed the engine"), and checks every shipped
// example history against what `rules eval --format json` printed (Tests/RulesAppTests/Fixtures).
let package = Package(
  name: "example-app",
  platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9)],
  dependencies: [
    .package(path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "ExampleApp",
      dependencies: [.product(name: "RulesEngine", package: rules)]
    )
  ]
)
