import Foundation
import Hummingbird
import NIOCore
import RulesSite

/// The console's answers as HTML: a rendered page with the console's security headers.
enum ConsolePages {
  static let headers: HTTPFields = [
    .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
    HTTPFields.Element.Name("Content-Security-Policy")!: ConsoleChrome.contentSecurityPolicy
      + "; frame-ancestors 'none'",
    HTTPFields.Element.Name("X-Content-Type-Options")!: "nosniff", HTTPFields.Element.Name("X-Frame-Options")!: "DENY",
    HTTPFields.Element.Name("Referrer-Policy")!: "same-origin",
  ]

  /// `object` rendered with the template `template`.
  static func page(_ object: Any, _ template: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(string: SiteTemplates.render(object, template))))
  }

  /// A page that says what went wrong (`csrf`: the session's, for the sign-out form).
  static func problem(_ status: HTTPResponse.Status, _ title: String, _ message: String, csrf: String? = nil)
    -> Response
  {
    page(ProblemPage(chrome: ConsoleChrome.chrome(title, csrf: csrf), message: message), "problem", status: status)
  }

  /// A redirect after a form (303: the browser GETs `location`).
  static func seeOther(_ location: String, cookie: String? = nil) -> Response {
    var headers: HTTPFields = [.location: location, .cacheControl: "no-store"]
    if let cookie { headers[.setCookie] = cookie }
    return Response(status: .seeOther, headers: headers)
  }
}
