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
      see the change. Listens on 127.0.0.1 only, and answers only a Host of localhost, \
      127.0.0.1 or [::1] (or --allowed-host): another name is 421 (a page of another site that \
      points its name at 127.0.0.1 reads nothing). Nothing is written. GET only.
      """)

  @Option(help: "The catalogs: a folder (its tests/ folders left out) or one file.") var catalogs = "catalogs"
  @Option(help: "A history file, or a folder of history files (YAML).") var history: String?
  @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8090
  @Option(
    name: .customLong("allowed-host"),
    help: ArgumentHelp(
      "A Host name answered besides localhost, 127.0.0.1 and [::1] (repeatable).", valueName: "NAME"))
  var allowedHosts: [String] = []

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
    let hosts = AllowedHosts(extra: allowedHosts)
    router.get("**") { request, _ -> Response in
      Self.answer(path: request.uri.path, input: input, host: request.head.authority, hosts: hosts)
    }
    router.get("/") { request, _ -> Response in
      Self.answer(path: "/", input: input, host: request.head.authority, hosts: hosts)
    }
    let app = Application(
      router: router,
      server: .http1(configuration: .init(additionalChannelHandlers: [NoSniffHandler()])),
      configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "rules-studio"),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        FileHandle.standardOutput.write(Data("rules-server studio on http://127.0.0.1:\(bound)/\n".utf8))
      },
      logger: logger)
    try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
  }

  /// The page at `path`, rendered from the files as they are now; 404 for a page there is not,
  /// 421 for a `host` that is not one of `hosts`. No other site may frame a page.
  static func answer(path: String, input: SiteInput, host: String? = nil, hosts: AllowedHosts = AllowedHosts())
    -> Response
  {
    let headers: HTTPFields = [
      .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
      HTTPFields.Element.Name("Content-Security-Policy")!: SiteAssets.contentSecurityPolicy
        + "; frame-ancestors 'none'",
      HTTPFields.Element.Name("X-Content-Type-Options")!: "nosniff",
      HTTPFields.Element.Name("X-Frame-Options")!: "DENY",
    ]
    if let host, !hosts.allows(host) {
      let message = hosts.refusal(host).message.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        .replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "\"", with: "&quot;")
      return Response(
        status: .misdirectedRequest, headers: headers,
        body: ResponseBody(
          byteBuffer: ByteBuffer(string: "<!doctype html><title>Misdirected request</title><p>\(message)</p>\n")))
    }
    let site = Site.load(input)
    let decoded = path.removingPercentEncoding ?? path
    guard let route = site.route(at: decoded) else {
      return Response(
        status: .notFound, headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(string: site.missing(path: decoded))))
    }
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: site.render(route))))
  }
}
