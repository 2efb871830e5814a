import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import RulesStore
import YAMLReader

/// `GET /v1/openapi.json`: the API's document typed for the catalogs the server serves.
///
/// It is docs/openapi.yaml (the generic contract, `GenericDocument`) with every path under
/// `/v1/catalogs/{catalog}` written once per catalog served (`/v1/catalogs/rizq/...`), so that a
/// client generator sees each catalog's own shapes: a day's body with the catalog's inputs
/// (their types, ranges and enum values, and no other key), and the evaluation's streaks,
/// metrics, milestones and badges by their ids. Everything else is the generic document's.
enum ServedDocument {
  /// The generic document, read once.
  static let generic: JSONValue = {
    let result = YAMLDocumentReader().read(SourceFile(path: "docs/openapi.yaml", text: GenericDocument.yaml))
    guard let root = result.root, !result.diagnostics.hasErrors else {
      fatalError("docs/openapi.yaml as built in does not read: \(result.diagnostics.map(\.message))")
    }
    return JSONValue(root)
  }()

  /// The document for `catalogs`, in their order.
  static func json(_ catalogs: [StoreCatalog]) -> JSONValue {
    guard case .object(var root) = generic else { return generic }
    var paths: [(String, JSONValue)] = []
    var schemas: [(String, JSONValue)] = []
    if case .object(let generic)? = generic["paths"] {
      for (path, item) in generic {
        guard path.contains("{catalog}") else {
          paths.append((path, item))
          continue
        }
        for catalog in catalogs {
          paths.append((path.replacingOccurrences(of: "{catalog}", with: catalog.id), specialized(item, path, catalog)))
        }
      }
    }
    for catalog in catalogs {
      schemas.append(("Day_" + catalog.id, day(catalog)))
      schemas.append(("Evaluation_" + catalog.id, evaluation(catalog)))
    }
    set(&root, "paths", .object(paths))
    set(&root, "info", info(catalogs))
    if case .object(var components)? = generic["components"],
      case .object(let known)? = generic["components"]?["schemas"]
    {
      set(&components, "schemas", .object(known + schemas))
      set(&root, "components", .object(components))
    }
    return exact(.object(root))
  }

  static func info(_ catalogs: [StoreCatalog]) -> JSONValue {
    guard case .object(var info)? = generic["info"] else { return .null }
    set(&info, "title", .string("rules-server: " + catalogs.map { "\($0.id) v\($0.version)" }.joined(separator: ", ")))
    set(&info, "version", .string("1+" + catalogs.map { "\($0.id).\($0.version)" }.joined(separator: ".")))
    return .object(info)
  }

  /// A path item of a `{catalog}` path for one catalog: the catalog parameter gone, the day's
  /// body and the evaluation answers the catalog's own.
  static func specialized(_ item: JSONValue, _ path: String, _ catalog: StoreCatalog) -> JSONValue {
    guard case .object(let pairs) = item else { return item }
    return .object(
      pairs.map { key, value in
        switch key {
        case "parameters": return (key, badgeParameter(withoutCatalogParameter(value), catalog))
        case "get", "put", "post", "delete":
          guard case .object(var operation) = value else { return (key, value) }
          if let parameters = value["parameters"] { set(&operation, "parameters", withoutCatalogParameter(parameters)) }
          // Unique in the document: one operation per catalog (`getProgress_rizq`).
          if case .string(let id)? = value["operationId"] {
            set(&operation, "operationId", .string(id + "_" + catalog.id))
          }
          if path.hasSuffix("/days/{date}"), key == "put" {
            set(
              &operation, "requestBody",
              .object([
                ("required", .bool(true)),
                (
                  "content",
                  .object([("application/json", .object([("schema", reference("Day_" + catalog.id))]))])
                ),
              ]))
          }
          if case .object(var responses)? = value["responses"], value["responses"]?["200"] == evaluationResponse {
            set(&responses, "200", evaluationAnswer(catalog))
            set(&operation, "responses", .object(responses))
          }
          return (key, .object(operation))
        default: return (key, value)
        }
      })
  }

  static let evaluationResponse: JSONValue = .object([("$ref", .string("#/components/responses/Evaluation"))])

  static func evaluationAnswer(_ catalog: StoreCatalog) -> JSONValue {
    .object([
      ("description", .string("The evaluation of a user of \(catalog.id), the JSON of `rules eval --format json`.")),
      ("content", .object([("application/json", .object([("schema", reference("Evaluation_" + catalog.id))]))])),
    ])
  }

  /// The `badge` path parameter (`.../badges/{badge}/explanation`) as the catalog's badge ids:
  /// another id is 404 `unknown-badge`, so a client generator offers only these. (A catalog
  /// without badges keeps the generic parameter: an empty enum has no value.)
  static func badgeParameter(_ parameters: JSONValue, _ catalog: StoreCatalog) -> JSONValue {
    guard case .array(let items) = parameters, !catalog.validated.catalog.badges.isEmpty else { return parameters }
    return .array(
      items.map { item in
        guard case .object(var pairs) = item, item["name"] == .string("badge"), item["in"] == .string("path") else {
          return item
        }
        let ids = catalog.validated.catalog.badges.map { JSONValue.string($0.id) }
        set(&pairs, "schema", .object([("type", .string("string")), ("enum", .array(ids))]))
        return .object(pairs)
      })
  }

  static func withoutCatalogParameter(_ parameters: JSONValue) -> JSONValue {
    guard case .array(let items) = parameters else { return parameters }
    return .array(items.filter { $0 != reference("catalog", in: "parameters") })
  }

  /// A day's body: each input of the catalog, of its type, within its bounds; `null` for the
  /// input's default; no other key.
  static func day(_ catalog: StoreCatalog) -> JSONValue {
    let properties: [(String, JSONValue)] = catalog.schema.inputs.map { input in
      var schema: [(String, JSONValue)]
      switch input.kind {
      case .bool: schema = [("type", .array([.string("boolean"), .string("null")]))]
      case .int: schema = [("type", .array([.string("integer"), .string("null")]))]
      case .number: schema = [("type", .array([.string("number"), .string("null")]))]
      case .enumeration(let members): schema = [("enum", .array(members.map(JSONValue.string) + [.null]))]
      }
      if let min = input.min { schema.append(("minimum", number(min))) }
      if let max = input.max { schema.append(("maximum", number(max))) }
      if let description = input.description { schema.append(("description", .string(description))) }
      return (input.name, .object(schema))
    }
    return .object([
      ("type", .string("object")),
      (
        "description",
        .string("A day of \(catalog.id): its inputs; one left out (or null) takes its default.")
      ),
      ("properties", .object(properties)),
      ("additionalProperties", .bool(false)),
    ])
  }

  /// The evaluation, with the catalog's streaks, metrics and badge ids.
  static func evaluation(_ catalog: StoreCatalog) -> JSONValue {
    let model = catalog.validated.catalog
    let streak = JSONValue.object([
      ("type", .string("object")),
      ("required", .array(["current", "best", "freezes"].map(JSONValue.string))),
      (
        "properties",
        .object([
          ("current", .object([("type", .string("integer"))])), ("best", .object([("type", .string("integer"))])),
          ("freezes", .object([("type", .string("integer"))])),
        ])
      ),
    ])
    let badgeIDs = JSONValue.object([
      ("type", .string("string")), ("enum", .array(model.badges.map { .string($0.id) })),
    ])
    let badgeItem = { (required: [String], more: [(String, JSONValue)]) in
      JSONValue.object([
        ("type", .string("object")), ("required", .array(required.map(JSONValue.string))),
        (
          "properties",
          .object(
            [("id", badgeIDs)]
              + (required.contains("date")
                ? [("date", .object([("type", .string("string")), ("format", .string("date"))]))] : []) + more
          )
        ),
      ])
    }
    let metricType = { (index: Int) -> JSONValue in
      switch catalog.validated.metrics[index].type {
      case .bool: .object([("type", .string("boolean"))])
      case .int: .object([("type", .string("integer"))])
      case .number: .object([("type", .string("number"))])
      case .string: .object([("type", .string("string"))])
      case .enumeration(let type):
        .object([("type", .string("string")), ("enum", .array(type.values.map(JSONValue.string)))])
      case .invalid: .object([("type", .array(["boolean", "integer", "number", "string"].map(JSONValue.string)))])
      }
    }
    // The generic evaluation, whole (not `allOf`, which client generators merge poorly), with
    // the catalog's own streaks, metrics and badge ids.
    guard case .object(var schema)? = generic["components"]?["schemas"]?["Evaluation"],
      case .object(var properties)? = generic["components"]?["schemas"]?["Evaluation"]?["properties"],
      case .object(var badges)? = properties.first(where: { $0.0 == "badges" })?.1,
      case .object(var lists)? = badges.first(where: { $0.0 == "properties" })?.1
    else { return reference("Evaluation") }
    set(&properties, "catalog", .object([("type", .string("string")), ("enum", .array([.string(catalog.id)]))]))
    set(
      &properties, "streaks",
      .object([
        ("type", .string("object")), ("required", .array(model.streaks.map { .string($0.name) })),
        ("properties", .object(model.streaks.map { ($0.name, streak) })),
      ]))
    set(
      &properties, "metrics",
      .object([
        ("type", .string("object")), ("required", .array(model.metrics.map { .string($0.name) })),
        ("properties", .object(model.metrics.indices.map { (model.metrics[$0].name, metricType($0)) })),
      ]))
    // A catalog with badges that repeat has their keys (`repeats`, `times`...) and
    // `new_earnings`, as the generic evaluation gives them; another has neither.
    let repeating = model.badges.contains { $0.repeats != nil }
    let generic = { (list: String) -> [(String, JSONValue)] in
      guard repeating, case .object(let fields)? = lists.first(where: { $0.0 == list })?.1["items"]?["properties"]
      else { return [] }
      return fields.filter { $0.0 != "id" && $0.0 != "date" }
    }
    set(
      &lists, "unlocked",
      .object([("type", .string("array")), ("items", badgeItem(["id", "date"], generic("unlocked")))]))
    set(&lists, "new", .object([("type", .string("array")), ("items", badgeIDs)]))
    if repeating {
      set(
        &lists, "new_earnings",
        .object([("type", .string("array")), ("items", badgeItem(["id", "period", "date"], generic("new_earnings")))]))
    } else {
      lists.removeAll { $0.0 == "new_earnings" }
    }
    set(&lists, "locked", .object([("type", .string("array")), ("items", badgeItem(["id"], generic("locked")))]))
    set(&badges, "properties", .object(lists))
    set(&properties, "badges", .object(badges))
    set(&schema, "properties", .object(properties))
    set(&schema, "description", .string("The evaluation of a user of \(catalog.id) (`Evaluation` with its ids)."))
    return .object(schema)
  }

  static func reference(_ name: String, in kind: String = "schemas") -> JSONValue {
    .object([("$ref", .string("#/components/\(kind)/\(name)"))])
  }

  static func number(_ value: Double) -> JSONValue {
    value.rounded() == value && abs(value) < 9e15 ? .int(Int(value)) : .number(value)
  }

  static func set(_ pairs: inout [(String, JSONValue)], _ key: String, _ value: JSONValue) {
    if let index = pairs.firstIndex(where: { $0.0 == key }) {
      pairs[index].1 = value
    } else {
      pairs.append((key, value))
    }
  }
}
