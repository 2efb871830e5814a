// swift-tools-version: 6.0
import PackageDescription

// The layout follows the architecture:
//   CYaml        system libyaml (the only C), imported internally by the reader alone
//   RulesSource  located nodes, source files and diagnostics, shared by the reader and the engine
//                (re-exported by RulesEngine: an app linking RulesEngine reads diagnostics)
//   YAMLReader   files and libyaml events -> located nodes, with limits against hostile input
//   RulesEngine  what apps embed: catalog model, expression language, catalog validation,
//                compiling and evaluating; Foundation only, no file I/O, locks, printing or CLI
//                wording (no libyaml: catalogs arrive as exported JSON)
//   RulesKit     the tooling: YAML catalogs and histories from files, the state file and its
//                lock, scenarios, explanations, listings, JSON Schemas, text output
//   RulesCLI     the `rules` command
let package = Package(
  name: "rules",
  platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9)],
  products: [
    .executable(name: "rules", targets: ["RulesCLI"]),
    .library(name: "RulesEngine", targets: ["RulesEngine"]),
    .library(name: "YAMLReader", targets: ["YAMLReader"]),
    .library(name: "RulesKit", targets: ["RulesKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .systemLibrary(
      name: "CYaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(name: "RulesSource"),
    .target(name: "YAMLReader", dependencies: ["CYaml", "RulesSource"]),
    .target(name: "RulesEngine", dependencies: ["RulesSource"]),
    .target(name: "RulesKit", dependencies: ["YAMLReader", "RulesEngine"]),
    .executableTarget(
      name: "RulesCLI",
      dependencies: [
        "RulesKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader"], exclude: ["Fixtures"]),
    .testTarget(name: "RulesSourceTests", dependencies: ["RulesSource"]),
    .testTarget(name: "RulesEngineTests", dependencies: ["RulesKit"]),
    .testTarget(name: "RulesKitTests", dependencies: ["RulesKit"]),
    .testTarget(name: "RulesCLITests", dependencies: ["RulesCLI"]),
    // An app's view: RulesEngine alone, catalogs and histories from committed JSON fixtures.
    .testTarget(name: "RulesAppTests", dependencies: ["RulesEngine"], exclude: ["Fixtures"]),
  ]
)
