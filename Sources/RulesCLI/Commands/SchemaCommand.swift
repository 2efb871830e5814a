import ArgumentParser
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the JSON Schema of catalogs, scenario files or history files.",
    discussion: """
      The schema (draft 2020-12) is generated from the definitions `rules check` validates \
      with, so the two cannot drift. Editors with the YAML language server use it through \
      the first line of each catalog: # yaml-language-server: $schema=catalog.schema.json. \
      The committed copies are catalogs/catalog.schema.json, \
      catalogs/tests/scenario.schema.json, examples/history.schema.json and \
      catalogs/locales/locale.schema.json.
      """)

  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case catalog, scenario, history, locale
  }

  @Option(help: "Which schema: catalog (catalogs and rule modules), scenario, history or locale (locale files).")
  var kind: Kind = .catalog

  func run() {
    switch kind {
    case .catalog: print(JSONSchema.catalog().serialized())
    case .scenario: print(JSONSchema.scenario().serialized())
    case .history: print(JSONSchema.history().serialized())
    case .locale: print(JSONSchema.locale().serialized())
    }
  }
}
