import Foundation
import Testing

@Suite("rules reach, end to end")
struct ReachCommandTests {
  static let catalog = """
    catalog: demo
    inputs:
      done: {type: bool}
      pushups: {type: int, min: 0, max: 100}
    streaks:
      run: {counts: done, max_days: 30}
    milestones:
      streak: run
      list:
        - {id: three, day: 3}
    badges:
      - {id: first, name: First, when: run.current >= 1}
      - {id: strong, name: Strong, when: pushups >= 101}
    """

  @Test("the table: badges then milestones, each with its status, fewest days and why")
  func text() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.catalog])
    let result = try CLI.run(["reach", "demo.yaml"], in: sandbox.url)
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        demo (horizon 400 days)

        Badges
          id      status       fewest days  why
          first   reachable    1
          strong  unreachable  -            pushups is at most 100

        Milestones
          id     status     fewest days  why
          three  reachable  3

        """)
  }

  @Test("JSON names each witness file, and each witness replays to its item on its last date")
  func json() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.catalog])
    let result = try CLI.run(
      ["reach", "demo.yaml", "--format", "json", "--witness", "witnesses", "--horizon", "30"], in: sandbox.url)
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
    #expect(json.count == 1)
    #expect(json[0]["catalog"] as? String == "demo")
    #expect(json[0]["horizon"] as? Int == 30)
    let items = json[0]["items"] as! [[String: Any]]
    #expect(items.map { $0["id"] as! String } == ["first", "strong", "three"])
    #expect(items.map { $0["kind"] as! String } == ["badge", "badge", "milestone"])
    #expect(items[1]["witness"] is NSNull)
    #expect(items[1]["reason"] as? String == "pushups is at most 100")
    let witness = items[2]["witness"] as! String
    #expect(witness == "witnesses/demo/milestone-three.yaml")
    let replay = try CLI.run(["replay", "demo.yaml", "--history", witness, "--format", "json"], in: sandbox.url)
    let days = try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as! [[String: Any]]
    #expect(days.count == 3)
    let milestones = days.last!["milestones"] as! [String: Any]
    #expect(milestones["today"] as? String == "three")
  }

  @Test("a bad horizon is a usage error")
  func badHorizon() throws {
    let result = try CLI.run(["reach", "discipline", "--horizon", "0"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--horizon must be 1 to 3660 days; found 0"))
  }

  @Test("rules check warns of an unreachable badge and exits 0")
  func checkWarns() throws {
    let sandbox = try Sandbox(["catalogs/demo.yaml": Self.catalog])
    let result = try CLI.run(["check"], in: sandbox.url)
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        "catalogs/demo.yaml:13:38: warning: no user can unlock the badge 'strong': pushups is at most 100 [unreachable]"
      ))
    #expect(result.stdout.hasSuffix("1 file checked: 0 errors, 1 warning\n"))
  }
}
