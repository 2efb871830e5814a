import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSite

struct StudioCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "studio",
    abstract: "Serve the studio's pages on loopback, rendered for each request (no store).",
    discussion: """
      The pages of `rules site` (catalogs, users' journeys, a broken catalog's problems), read \
      from the files again for every request: edit a catalog or a history, reload the page, \
      see the change. Listens on 127.0.0.1 only; nothing is written. GET only.
      """)

  @Option(help: "The catalogs: a folder (its tests/ folders left out) or one file.") var catalogs = "catalogs"
  @Option(help: "A history file, or a folder of history files (YAML).") var history: String?
  @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8090

  func validate() throws {
    if !FileManager.default.fileExists(atPath: catalogs) {
      throw ValidationError("--catalogs: '\(catalogs)' does not exist")
    }
    if let history, !FileManager.default.fileExists(atPath: history) {
      throw ValidationError("--history: '\(history)' does not exist")
    }
    if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
  }

  func run() async throws {
    let input = SiteInput(catalogs: catalogs, history: history)
    let logger = Logger(label: "rules-studio")
    let router = Router()
    router.get("**") { request, _ -> Response in
      Self.answer(path: request.uri.path, input: input)
    }
    router.get("/") { _, _ -> Response in Self.answer(path: "/", input: input) }
    let app = Application(
      router: router,
      configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "rules-studio"),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        FileHandle.standardOutput.write(Data("rules-server studio on http://127.0.0.1:\(bound)/\n".utf8))
      },
      logger: logger)
    try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
  }

  /// The page at `path`, rendered from the files as they are now; 404 for a page there is not.
  static func answer(path: String, input: SiteInput) -> Response {
    let site = Site.load(input)
    let decoded = path.removingPercentEncoding ?? path
    var headers: HTTPFields = [
      .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
      HTTPFields.Element.Name("Content-Security-Policy")!: SiteAssets.contentSecurityPolicy,
      HTTPFields.Element.Name("X-Content-Type-Options")!: "nosniff",
    ]
    guard let route = site.route(at: decoded) else {
      return Response(
        status: .notFound, headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(string: site.missing(path: decoded))))
    }
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: site.render(route))))
  }
}
