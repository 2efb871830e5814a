import Foundation
import Hummingbird
import NIOCore
import RulesSite

/// The one check of the console's routes (`Route.isConsole`), called by `AccessMiddleware` for
/// a request without `Authorization` (with the admin token as a bearer, a script reads the
/// console as it reads the API): the request must carry the cookie of a signed-in session, or
/// a GET is sent to the sign-in page and anything else is refused 403. A request that changes
/// something (not GET or HEAD) must moreover come from the console's own pages: not from
/// another site (`Sec-Fetch-Site`, when the browser sends it, is `same-origin`; `Origin`, when
/// sent, is the server's own), as a form (`application/x-www-form-urlencoded`, at most
/// `ConsoleController.maxBody` bytes) whose `csrf` field is the session's token. The body is
/// collected for that check and handed on whole.
struct ConsoleGate: Sendable {
  enum Outcome: Sendable {
    /// Signed in: the request to serve (its body collected).
    case admitted(Request)
    case refused(Response)
  }

  static let secFetchSite = HTTPFields.Element.Name("Sec-Fetch-Site")!

  let sessions: ConsoleSessions
  /// Whether a session was signed out (`console_signouts`; true too when the store cannot say).
  let signedOut: @Sendable (String) async -> Bool

  func admit(_ request: Request) async -> Outcome {
    var session = sessions.session(of: request)
    if let id = session, await signedOut(id) { session = nil }
    guard let session else {
      if request.method == .get || request.method == .head {
        return .refused(
          Response(status: .seeOther, headers: [.location: "/console/signin", .cacheControl: "no-store"]))
      }
      return .refused(
        ConsolePages.problem(
          .forbidden, "Sign in first",
          "This form needs a console session: sign in with the admin token, then try again."))
    }
    if request.method == .get || request.method == .head { return .admitted(request) }
    if let refusal = Self.crossSite(request) { return .refused(refusal) }
    let form: ConsoleForm
    let buffer: ByteBuffer
    switch await Self.form(request) {
    case .success(let read): (form, buffer) = read
    case .failure(let refusal): return .refused(refusal.response)
    }
    guard let given = form["csrf"], sessions.checks(csrf: given, session: session) else {
      return .refused(
        ConsolePages.problem(
          .forbidden, "Form refused",
          "The form's CSRF token is missing or is not this session's; nothing was changed. Open the page again and send it from there."
        ))
    }
    return .admitted(Request(head: request.head, body: RequestBody(buffer: buffer)))
  }

  /// A refusal for a request another site's page sent (or nil when it may be the console's own).
  static func crossSite(_ request: Request) -> Response? {
    let refused = ConsolePages.problem(
      .forbidden, "Cross-site request refused",
      "This request came from another site's page; the console takes forms from its own pages only. Nothing was changed."
    )
    if let site = request.headers[secFetchSite], site != "same-origin" { return refused }
    if let origin = request.headers[.origin] {
      guard let host = request.head.authority else { return refused }
      let scheme = origin.range(of: "://")
      guard let scheme, origin[scheme.upperBound...].lowercased() == host.lowercased() else { return refused }
    }
    return nil
  }

  struct Refusal: Error {
    var response: Response
  }

  /// The request's body as a form, or the page that refuses it (too large, not a form).
  static func form(_ request: Request) async -> Result<(ConsoleForm, ByteBuffer), Refusal> {
    let limit = ConsoleController.maxBody
    let type = request.headers[.contentType]?.lowercased() ?? ""
    guard type.hasPrefix("application/x-www-form-urlencoded") else {
      return .failure(
        Refusal(
          response: ConsolePages.problem(
            .unsupportedMediaType, "Not a form", "The console takes forms (application/x-www-form-urlencoded) only.")))
    }
    let tooLarge = Refusal(
      response: ConsolePages.problem(
        .contentTooLarge, "Too large",
        "The form is over \(limit / 1024) KiB (a candidate's text may hold \(ConsoleController.maxText / 1024 / 1024) MiB); nothing was read."
      ))
    if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { return .failure(tooLarge) }
    do {
      let buffer = try await request.body.collect(upTo: limit)
      return .success((ConsoleForm(Substring(String(buffer: buffer))), buffer))
    } catch {
      return .failure(tooLarge)
    }
  }
}

extension ConsoleGate {
  /// Whether a (canonical) path is the console's, a route or not: a signed-in browser gets the
  /// router's 404 for a page there is not, a visitor the sign-in page.
  static func isConsole(_ path: String) -> Bool { path == "/console" || path.hasPrefix("/console/") }
}

extension Route {
  /// Whether the route is one of the console's (`/console...`): HTML pages for people, not the
  /// API of docs/openapi.yaml; `ConsoleGate` admits their callers.
  var isConsole: Bool { ConsoleGate.isConsole(path) }
}

extension RouteTable {
  /// The table with `more` routes after its own (the console's, after the API's).
  func adding(_ more: [Route]) -> RouteTable { RouteTable(routes + more) }
}
