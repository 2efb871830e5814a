import Foundation
import RulesEngine
import Testing

// An app's own names beside RulesEngine's API, as SwiftUI declares them: were any of them
// public in RulesEngine (or a layer it re-exports), each use below would be ambiguous and this
// target would not build.
struct Environment {
  var locale = "ar"
}

struct Window {
  var title = "Today"
}

enum Layout {
  case compact, regular
}

struct Parser {
  func parse(_ text: String) -> Int? { Int(text) }
}

struct Function {
  var name = "f"
}

struct Template {
  var text = "{name}"
}

struct Node {
  var children: [Node] = []
}

@Suite("an app's names beside RulesEngine")
struct AppSurfaceTests {
  @Test("Environment, Window, Layout, Parser, Function, Template and Node are the app's own")
  func ownNamesCompile() throws {
    let environment = Environment()
    let window = Window()
    let layout = Layout.compact
    let parser = Parser()
    let function = Function()
    let template = Template()
    let node = Node()
    #expect(environment.locale == "ar")
    #expect(window.title == "Today")
    #expect(layout == .compact)
    #expect(parser.parse("3") == 3)
    #expect(function.name == "f")
    #expect(template.text == "{name}")
    #expect(node.children.isEmpty)
  }

  @Test("RulesEngine's API in the same file: an engine, a record, a check, a state")
  func engineBesideThem() throws {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("RulesAppTests/Fixtures")
    let engine = try Engine(exportedCatalog: Data(contentsOf: fixtures.appendingPathComponent("rizq.catalog.json")))
    let day = try CalendarDay("2026-05-09")
    let record = try DayRecord(
      date: day, values: ["habits_completed": 1, "habits_total": 3, "duas_completed": 2], for: engine)
    let check: DailyCheck = try engine.check(user: "fatima", start: nil, on: day, records: [record], state: nil)
    let evaluation: Evaluation = check.evaluation
    let state: UserState = try UserState(json: check.state.json(), for: engine)
    let warnings: [EngineWarning] = check.warnings
    let window = Window(title: "\(evaluation.date)")
    #expect(window.title == "2026-05-09")
    _ = state.countedThrough
    #expect(warnings.isEmpty)
    #expect(engine.locales.first != nil)
    do {
      _ = try Engine(exportedCatalog: Data("{}".utf8))
      Issue.record("an empty object is not a catalog")
    } catch {
      let diagnostics: [Diagnostic] = error.diagnostics
      #expect(error.id == .badCatalog)
      _ = diagnostics
    }
  }
}
