/// A candidate's impact over the store's users (the studio's impact page of `rules-server
/// diff`'s report), what the candidate makes of the store as a reload would check it, and the
/// form that reloads the served catalogs from their folder.
package struct CandidateImpactPage: Sendable {
  package var chrome: Chrome
  package var impact: ImpactPage
  package var csrf: String
  /// Stored values it reads as their nearest value, inputs it leaves out, saved states it
  /// cannot read.
  package var notes: [String]
  package var folder: String
  /// Whether the candidate is a file of the folder (a reload would serve it).
  package var inFolder: Bool

  package init(
    impact: ImpactPage, notes: [String], folder: String, inFolder: Bool, csrf: String
  ) {
    chrome = ConsoleChrome.chrome("Impact of \(impact.id) — rules console", csrf: csrf, current: "Candidate")
    self.impact = impact
    self.csrf = csrf
    self.notes = notes
    self.folder = folder
    self.inFolder = inFolder
  }
}
