/// The console's sign-in page: the admin token, given once, kept in a cookie page scripts
/// cannot read.
package struct SignInPage: Sendable {
  package var chrome: Chrome
  /// Why the last attempt was refused, or what the visitor must do first.
  package var message: String?
  /// Whether the server has an admin token to sign in with.
  package var configured: Bool

  package init(message: String?, configured: Bool) {
    chrome = ConsoleChrome.chrome("Sign in — rules console", csrf: nil)
    self.message = message
    self.configured = configured
  }
}
