import Hummingbird

/// The one spelling of a request's path that the router, the access check and the rate limiter
/// all see. Hummingbird's router passes over empty segments, so `/v1/events/` and `//v1/events`
/// reach `/v1/events`; the path is made canonical before anything reads it, so that no check can
/// take another spelling for another route (or for none) and wave the request through.
///
/// Empty segments (a doubled or trailing slash) are removed, and so are dot segments (`.`,
/// `..`, also spelled `%2E`) as RFC 3986 (5.2.4) removes them, `..` above the root staying at
/// the root. Nothing else is decoded: `%2F` stays inside its segment (a user id may hold a
/// slash) and `;` is an ordinary character of a segment (`/v1/events;x=1` is no route).
enum CanonicalPath {
  /// `path` (the part of the request target before `?`) in its canonical spelling.
  static func canonical(_ path: Substring) -> Substring {
    guard path.first == "/" else { return path }
    // The common case, already canonical: no allocation.
    if !needsWork(path) { return path }
    var segments: [Substring] = []
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch dotSegment(segment) {
      case 1: continue
      case 2: _ = segments.popLast()
      default: segments.append(segment)
      }
    }
    return "/" + segments.joined(separator: "/")[...]
  }

  /// The request with its path canonical (the query as it was).
  static func canonical(_ request: Request) -> Request {
    guard let target = request.head.path else { return request }
    let question = target.firstIndex(of: "?") ?? target.endIndex
    let path = target[..<question]
    let canonical = canonical(path)
    if canonical == path { return request }
    var head = request.head
    head.path = String(canonical) + target[question...]
    return Request(head: head, body: request.body)
  }

  private static func needsWork(_ path: Substring) -> Bool {
    if path.count > 1 && path.last == "/" { return true }
    var previous: Character = " "
    for character in path {
      if character == "/" && previous == "/" { return true }
      previous = character
    }
    return path.split(separator: "/").contains { dotSegment($0) != 0 }
  }

  /// 1 for `.`, 2 for `..` (either spelled with `%2E`), else 0.
  private static func dotSegment(_ segment: Substring) -> Int {
    guard segment.utf8.count <= 6, let first = segment.first, first == "." || first == "%" else { return 0 }
    switch segment.lowercased() {
    case ".", "%2e": return 1
    case "..", ".%2e", "%2e.", "%2e%2e": return 2
    default: return 0
    }
  }
}

/// Hands the router the request with its path canonical (`CanonicalPath`).
struct CanonicalPathResponder<Next: HTTPResponder>: HTTPResponder where Next.Context == APIRequestContext {
  let next: Next

  func respond(to request: Request, context: APIRequestContext) async throws -> Response {
    try await next.respond(to: CanonicalPath.canonical(request), context: context)
  }
}
