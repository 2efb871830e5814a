/// The console's candidate catalog form: a file of the catalogs folder named, or a file's text
/// (chosen, read by the page into the text area, or pasted), compared with a catalog served.
package struct CandidatePage: Sendable {
  package struct Option: Sendable {
    package var id: String
    package var selected: Bool
  }

  package var chrome: Chrome
  package var catalogs: [Option]
  package var csrf: String
  package var folder: String
  package var maxBytes: Int
  package var limit: String
  package var message: String?

  package init(catalogs: [String], selected: String?, folder: String, maxBytes: Int, message: String?, csrf: String) {
    chrome = ConsoleChrome.chrome("Candidate catalog — rules console", csrf: csrf, current: "Candidate")
    self.catalogs = catalogs.map { Option(id: $0, selected: $0 == selected) }
    self.csrf = csrf
    self.folder = folder
    self.maxBytes = maxBytes
    limit = maxBytes % (1024 * 1024) == 0 ? "\(maxBytes / 1024 / 1024) MiB" : "\(maxBytes / 1024) KiB"
    self.message = message
  }
}
