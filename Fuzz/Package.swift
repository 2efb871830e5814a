// swift-tools-version: 6.0
import PackageDescription

// The main package, by path; its identity is the name of its folder, whatever the clone is called.
let main = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"

// libFuzzer targets for the rules engine, one executable per entry point. Build them with the
// sanitizer flags of README.md (or `./run`); a plain `swift build` links no fuzzer `main`.
let package = Package(
  name: "rules-fuzz",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: "..")
  ],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "RulesKit", package: main),
        .product(name: "RulesEngine", package: main),
        .product(name: "YAMLReader", package: main),
      ]
    ),
    .executableTarget(name: "FuzzYAML", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzCatalog", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzExpression", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzHistory", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzState", dependencies: ["FuzzSupport"]),
    .executableTarget(
      name: "FuzzEval",
      dependencies: ["FuzzSupport", .product(name: "CompiledCatalogs", package: main)]
    ),
  ]
)
