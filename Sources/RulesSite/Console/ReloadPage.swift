/// What `POST /console/reload` did: the catalogs served now (as `POST
/// /v1/admin/catalogs/reload` answers), or why the reload was refused and nothing changed.
package struct ReloadPage: Sendable {
  package struct Row: Sendable {
    package var id: String
    package var name: String
    package var version: Int
    package var notes: [String]

    package init(id: String, name: String, version: Int, notes: [String]) {
      self.id = id
      self.name = name
      self.version = version
      self.notes = notes
    }
  }

  package var chrome: Chrome
  package var reloaded: Bool
  package var catalogs: [Row]
  package var problems: [String]

  package init(reloaded: Bool, catalogs: [Row], problems: [String], csrf: String) {
    chrome = ConsoleChrome.chrome(
      reloaded ? "Catalogs reloaded — rules console" : "Reload refused — rules console", csrf: csrf,
      current: "Candidate")
    self.reloaded = reloaded
    self.catalogs = catalogs
    self.problems = problems
  }
}
