import Foundation

/// A large catalog in the style of the shipped ones (RIZQ's inputs, streaks and metrics, the
/// level curve inline), with many badges of varied criteria, display fields and tags. It
/// checks cleanly. About 400 bytes per badge: 50,000 badges make about 20 MB.
package enum CatalogGenerator {
  package static func yaml(badges: Int, seed: UInt64 = 7) -> String {
    var random = SplitMix(seed: seed)
    var out = """
      # A generated catalog for the benchmarks: the shape of RIZQ's, with many badges.
      catalog: generated
      name: Generated
      description: >-
        A catalog generated for the benchmarks, with the inputs, streaks and metrics of a
        habit app and many badges.
      version: 1

      inputs:
        duas_completed: {type: int, min: 0, description: Duas completed this day.}
        habits_completed: {type: int, min: 0, description: Habits completed this day.}
        habits_total: {type: int, min: 0, description: Habits the user is subscribed to.}
        mood: {type: enum, values: [low, okay, good, great], default: okay}
        minutes: {type: number, min: 0, description: Minutes of practice.}

      streaks:
        streak:
          name: Streak
          description: Consecutive days with at least one habit completed.
          counts: habits_completed >= 1
        perfect:
          name: Perfect days
          counts: habits_total > 0 && habits_completed >= habits_total
          freezes: {earn_every: 7, max: 2}

      metrics:
        total_duas:
          name: Duas completed
          value: total(duas_completed)
        week_duas:
          value: last(7, duas_completed)
        practice:
          value: total(minutes)
        xp:
          value: total(duas_completed) * 10 + badges.xp
        level:
          value: floor(sqrt(xp / 50)) + 1

      groups:
        - id: ladder
          name: The ladder
          progressive: true

      badges:

      """
    let categories = ["practice", "streak", "level", "special", "community", "seasonal"]
    let words = [
      "steady", "bright", "patient", "morning", "evening", "quiet", "golden", "faithful",
      "gentle", "constant", "rising", "humble", "grateful", "mindful", "early", "daily",
    ]
    let colors = ["goldSoft", "tealSuccess", "streakGlow", "rizqMuted", "goldBright"]
    for index in 0..<badges {
      let a = words[random.below(words.count)]
      let b = words[random.below(words.count)]
      let n = 1 + random.below(400)
      let when: String
      switch random.below(8) {
      case 0: when = "streak.current >= \(n)"
      case 1: when = "total_duas >= \(n * 10)"
      case 2: when = "level >= \(1 + n % 40) && perfect.best >= \(n % 30)"
      case 3: when = "week_duas >= \(n % 70) || streak.best >= \(n)"
      case 4: when = "perfect.current >= \(n % 60) && mood == \"great\""
      case 5: when = "practice >= \(n).5 && day >= \(n % 100)"
      case 6: when = "max(streak.best, perfect.best * 2) >= \(n) && logged"
      default: when = "xp >= \(n * 100) && badges.count >= \(n % 20)"
      }
      let progressive = index < 20
      out += """
          - id: badge-\(index)
            name: \(a.capitalized) \(b) \(index)
            description: >-
              A \(a) badge for the \(b) ones: it unlocks when \(when.replacingOccurrences(of: "\"", with: "")),
              and it says so in a sentence long enough to look like a real one.
            emoji: "\(n % 10)"
            category: \(categories[random.below(categories.count)])
            xp: \(random.below(20) * 25)
            when: '\(when)'
            color: \(colors[random.below(colors.count)])
            tags: [\(a), \(b), generated]

        """
      if progressive { out += "    group: ladder\n" }
    }
    out += """

      quotes:
        rotation: day-of-year
        list:
          - {id: q1, text: For indeed with hardship comes ease., source: Quran 94:5}
          - {id: q2, text: And remember your Lord much., source: Quran 3:41}

      messages:
        - id: no-habits
          when: habits_total == 0
          title: Start Your Journey
          text: Subscribe to a journey to start building your daily practice.
        - id: light-day
          when: habits_completed * 2 < habits_total
          title: Light Day
          text: "You've planted {habits_completed} habit{habits_completed == 1 ? '' : 's'} today."
        - id: perfect-day
          title: Perfect Day!
          text: "Streak: {streak.current} days, level {level}."

      """
    return out
  }
}
