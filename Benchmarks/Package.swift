// swift-tools-version: 6.1
import PackageDescription

// The main package, by path; its identity is the name of its folder, whatever the clone is called.
let main = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"

// The benchmark suite lives in its own package so the main build and CI stay lean.
// `./run` builds it in release mode and prints the table (see RESULTS.md).
let package = Package(
  name: "rules-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // Generators (catalogs, contexts, histories) and the hand-written baselines.
    .target(
      name: "BenchmarkSupport",
      dependencies: [
        .product(name: "RulesEngine", package: main),
        .product(name: "RulesKit", package: main),
        .product(name: "YAMLReader", package: main),
        .product(name: "CompiledCatalogs", package: main),
      ]
    ),
    // One workload at a time outside the harness, for callgrind.
    .executableTarget(name: "Profile", dependencies: ["BenchmarkSupport"]),
    .executableTarget(
      name: "RulesBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "RulesEngine", package: main),
        .product(name: "RulesKit", package: main),
        .product(name: "YAMLReader", package: main),
        .product(name: "CompiledCatalogs", package: main),
      ],
      path: "Benchmarks/RulesBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
