// swift-tools-version: 6.0
import PackageDescription

// The layout follows the architecture:
//   CYaml        system libyaml (the only C), imported internally by the reader alone
//   RulesSource  located nodes, source files, paths as written and diagnostics, shared by the reader
//                and the engine
//                (RulesEngine re-exports Diagnostic, DiagnosticID and Mark as type aliases: an app
//                linking RulesEngine reads diagnostics, and sees no Node)
//   YAMLReader   files and libyaml events -> located nodes, with limits against hostile input
//   The engine, in four layers whose order the target dependencies enforce (in the manner of
//   cel-go's parser/, checker/ and interpreter/ under a small cel.Env); Foundation only, no file
//   I/O, printing or CLI wording (no libyaml: catalogs arrive as exported JSON; a YAML catalog's
//   imports and locale files are read by the reader RulesKit gives it, inside the folder
//   RulesKit's RepositoryRoot names). Its only locks guard four process-wide caches, each held
//   for a lookup or a store: SourceFile's line starts, BoundedCache (formatters, localizers),
//   ZoneSkippedDates and HijriMonths; and a Program's two lazy fields (its badges' progress
//   measures, its default text locale), filled once when a report first needs them:
//   RulesLanguage  the expression language: lexer, parser, values and types, type inference,
//                  templates (plural categories and calendar fields are words of the language)
//   RulesCatalog   the catalog: model, decoding from located nodes, validation (the rules of
//                  `rules check`), localization (locales, plural rules, translations), loading
//                  exported JSON, the export format (CatalogExport)
//   RulesRuntime   evaluation: compiling (closures, bytecode), the machine, the day runner, the
//                  user's state, calendars and time zones, histories and records, reporting
//                  (Evaluation, Localizer), the Swift export of a compiled day
//   RulesEngine    what apps embed: the thin front, `Engine` and its daily check, over the three
//                  layers it re-exports. Their public names are the app's (docs/embedding.md lists
//                  them; Tests/RulesAppSurfaceTests holds them clear of SwiftUI's); what the
//                  layers, the tooling, the store and the server share is `package`; what
//                  generated days use is public behind @_spi(CompiledDay); what Benchmarks and
//                  Fuzz (packages of their own, which see no `package`) and RulesKit's
//                  signatures need, behind @_spi(Tooling) (so is what they call of RulesKit)
//   CompiledCatalogs  the shipped catalogs' days as Swift (`rules export --format swift`): the
//                daily step without the interpreter, for the server's batch and the benchmarks
//   RulesKit     the tooling: YAML catalogs and histories from files (the repository folder, the
//                locale files on disk), the state file and its
//                lock, scenarios, explanations, listings, JSON Schemas, text output
//   RulesReach   what a catalog allows (`rules reach`, the warnings of `rules check`): each badge's
//                and milestone's fewest days from a new user by a search over the engine's own day
//                step, with a witness history, and interval proofs of `unreachable` and `always`;
//                over the engine's layers only (no libyaml, no tooling, no server)
//   RulesCLI     the `rules` command
//   RulesSite    the studio's pages (Mustache templates, SVG charts) from the engine's results,
//                for `rules site` and `rules-server studio`
//   RulesStore   the persistence: users' days, states, unlocks, events and standings in SQLite
//                (GRDB) or PostgreSQL (PostgresNIO), behind one protocol (StoreBackend); it
//                evaluates nothing and reads no catalog
//   RulesBackend the backend's domain over the store: a user's day checked, the batch, import
//                parsing, record encoding, events and standings derived, future days (no HTTP,
//                no YAML, no text for people: the server gives those with RulesKit); a shipped
//                catalog's days counted by its compiled day
//   RulesExperiments  experiments: a user's arm by a stable hash, the report's statistics
//                (Wilson, Newcombe, Student, Welch), guardrails; no store, no HTTP (docs/experiments.md)
//   RulesServer  the `rules-server` command: import, batch, eval, serve (Hummingbird)
// `rules` (RulesCLI) reaches none of the server's packages, so a catalog author's build stays quick.
let package = Package(
  name: "rules",
  platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9)],
  products: [
    .executable(name: "rules", targets: ["RulesCLI"]),
    .library(name: "RulesEngine", targets: ["RulesEngine"]),
    .library(name: "YAMLReader", targets: ["YAMLReader"]),
    .library(name: "RulesKit", targets: ["RulesKit"]),
    .executable(name: "rules-server", targets: ["RulesServer"]),
    .library(name: "RulesStore", targets: ["RulesStore"]),
    .library(name: "CompiledCatalogs", targets: ["CompiledCatalogs"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Only RulesSite: the studio's pages from templates (HTML-escaped values, no dependencies).
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    // The server's packages: only RulesStore and RulesServer use them.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // Only RulesServer: verifying the JSON Web Tokens of phones (HS256, ES256, RS256); its tests sign them.
    .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.1.0"),
    // Only RulesServer: `rules-server deliver` POSTs the webhooks.
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    // Only the documentation: `swift package generate-documentation --target RulesEngine` builds
    // the app developer's DocC catalog (Sources/RulesEngine/RulesEngine.docc); no target links it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CYaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(name: "RulesSource"),
    .target(name: "YAMLReader", dependencies: ["CYaml", "RulesSource"]),
    .target(name: "RulesLanguage", dependencies: ["RulesSource"]),
    .target(name: "RulesCatalog", dependencies: ["RulesSource", "RulesLanguage"]),
    .target(name: "RulesRuntime", dependencies: ["RulesSource", "RulesLanguage", "RulesCatalog"]),
    .target(name: "RulesEngine", dependencies: ["RulesSource", "RulesLanguage", "RulesCatalog", "RulesRuntime"]),
    .target(name: "RulesKit", dependencies: ["YAMLReader", "RulesEngine"]),
    .target(name: "CompiledCatalogs", dependencies: ["RulesEngine"]),
    // `rules reach` and the reach warnings of `rules check`: not part of the library apps link.
    .target(name: "RulesReach", dependencies: ["RulesSource", "RulesLanguage", "RulesCatalog", "RulesRuntime"]),
    // The studio's pages (catalog, user, impact, diagnostics), for `rules site` and `rules-server studio`.
    .target(
      name: "RulesSite",
      dependencies: ["RulesKit", "RulesReach", .product(name: "Mustache", package: "swift-mustache")]),
    .executableTarget(
      name: "RulesCLI",
      dependencies: [
        "RulesKit", "RulesSite", "RulesReach",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "RulesStore",
      // No RulesKit: the store reads no YAML and writes no text for people (the server does);
      // the engine for its value types alone (dates, time zones, JSON values).
      dependencies: [
        "RulesEngine",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Experiments: which arm a user is on (a stable hash of experiment and user) and the report's
    // statistics (Wilson, Newcombe, Student, Welch); pure computation, no store and no HTTP.
    .target(
      name: "RulesExperiments",
      dependencies: ["RulesEngine", .product(name: "Crypto", package: "swift-crypto")]
    ),
    .target(
      name: "RulesBackend",
      // The store below it; RulesStore does not depend on it.
      dependencies: [
        "RulesStore", "RulesEngine", "RulesLanguage", "RulesCatalog", "RulesRuntime", "CompiledCatalogs",
        // A catalog's revision (SHA-256 of its export); an experiment's arms.
        "RulesExperiments", .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .executableTarget(
      name: "RulesServer",
      dependencies: [
        "RulesKit",
        // The built-in docs/openapi.yaml, read at start (GET /v1/openapi.json).
        "YAMLReader", "RulesSource",
        "RulesStore", "RulesBackend", "RulesSite",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "JWTKit", package: "jwt-kit"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
      ]
    ),
    // What several test targets share: the one seeded random generator, the shipped catalogs' names.
    .target(name: "RulesTestSupport", path: "Tests/RulesTestSupport"),
    // What the store's and the server's tests share: stores of both backends, the shipped
    // catalogs (read with RulesKit, as the server reads them), generated users, event lines.
    .target(
      name: "StoreTestSupport", dependencies: ["RulesStore", "RulesBackend", "RulesKit", "RulesEngine"],
      path: "Tests/StoreTestSupport"),
    .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader"], exclude: ["Fixtures"]),
    .testTarget(name: "RulesSourceTests", dependencies: ["RulesSource"]),
    // The engine's tests: catalogs and histories written inline as YAML, read by the reader
    // (no tooling: what is about the tooling, scenarios and text output, is in RulesKitTests).
    .testTarget(
      name: "RulesEngineTests",
      dependencies: [
        "YAMLReader", "RulesSource", "RulesLanguage", "RulesCatalog", "RulesRuntime", "RulesEngine", "RulesTestSupport",
      ]),
    .testTarget(name: "RulesKitTests", dependencies: ["RulesKit", "RulesTestSupport"]),
    // Reach: planted catalogs, witnesses replayed, the search against a brute-force one.
    .testTarget(name: "RulesReachTests", dependencies: ["RulesReach", "RulesKit", "RulesTestSupport"]),
    .testTarget(name: "RulesCLITests", dependencies: ["RulesCLI", "RulesTestSupport"]),
    .testTarget(
      name: "RulesSiteTests", dependencies: ["RulesCLI", "RulesSite", "RulesKit", "RulesEngine", "RulesTestSupport"]),
    .testTarget(
      name: "CompiledCatalogsTests",
      dependencies: ["CompiledCatalogs", "RulesKit", "RulesRuntime", "RulesTestSupport"],
      exclude: ["Fixtures"]),
    // The store's and the backend's API on SQLite and PostgreSQL, without HTTP or the binaries.
    .testTarget(
      name: "RulesStoreTests",
      dependencies: ["RulesStore", "RulesBackend", "RulesEngine", "RulesTestSupport", "StoreTestSupport"]),
    .testTarget(
      name: "RulesServerTests",
      dependencies: [
        "RulesStore", "RulesBackend", "RulesServer", "YAMLReader", "RulesTestSupport", "StoreTestSupport",
        .product(name: "JWTKit", package: "jwt-kit"),
        // A webhook receiver on loopback, checking signatures.
        .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        // The routes answered in process (the router and its middlewares, no socket).
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]),
    .testTarget(name: "RulesExperimentsTests", dependencies: ["RulesExperiments", "RulesEngine", "RulesTestSupport"]),
    // An app's view: RulesEngine alone, catalogs and histories from committed JSON fixtures.
    .testTarget(name: "RulesAppTests", dependencies: ["RulesEngine", "RulesTestSupport"], exclude: ["Fixtures"]),
    // An app's names beside RulesEngine's (SwiftUI's Environment, Window, Layout...): RulesEngine
    // alone, no SPI; a name RulesEngine made public again would make this target ambiguous.
    .testTarget(name: "RulesAppSurfaceTests", dependencies: ["RulesEngine"]),
  ]
)
