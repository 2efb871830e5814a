import Mustache

// What each page model gives its templates, by name: a switch instead of reflection
// (swift-mustache reads other values with Mirror, which made a year's user page take most of
// a second). A field a template reads must be listed here; an optional that is nil is
// nil, so the template looks further up, as it would for a missing name.

extension Chrome: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "title": self.title
    case "lang": self.lang
    case "dir": self.dir
    case "home": self.home
    case "style": self.style
    case "script": self.script
    case "csp": self.csp
    case "brand": self.brand
    case "nav": self.nav
    case "signOut": self.signOut
    case "madeBy": self.madeBy
    case "madeFrom": self.madeFrom
    case "skip": self.skip
    default: nil
    }
  }
}

extension Link: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "label": self.label
    case "href": self.href
    case "current": self.current
    default: nil
    }
  }
}

extension SiteText: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "milestones": self.milestones
    case "badges": self.badges
    case "quotes": self.quotes
    case "messages": self.messages
    case "streaks": self.streaks
    case "metrics": self.metrics
    case "language": self.language
    case "day": self.day
    case "always": self.always
    case "criterion": self.criterion
    case "group": self.group
    case "locked": self.locked
    case "unlocked": self.unlocked
    case "waiting": self.waiting
    case "requires": self.requires
    case "reached": self.reached
    case "today": self.today
    case "newUser": self.newUser
    case "sites": self.sites
    case "users": self.users
    case "version": self.version
    case "otherwise": self.otherwise
    case "form": self.form
    case "text": self.text
    case "madeBy": self.madeBy
    case "madeFrom": self.madeFrom
    case "skip": self.skip
    case "fromDay": self.fromDay
    case "journeyThere": self.journeyThere
    case "neverFlag": self.neverFlag
    case "alwaysFlag": self.alwaysFlag
    case "fromDay": self.fromDay
    case "journeyThere": self.journeyThere
    case "neverFlag": self.neverFlag
    case "alwaysFlag": self.alwaysFlag
    default: nil
    }
  }
}

extension BadgeCard: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "id": self.id
    case "name": self.name
    case "about": self.about
    case "emoji": self.emoji
    case "colorName": self.colorName
    case "hue": self.hue
    case "criterion": self.criterion
    case "xp": self.xp
    case "groupName": self.groupName
    case "groupOrder": self.groupOrder
    case "state": self.state
    case "stateLabel": self.stateLabel
    case "unlockedOn": self.unlockedOn
    case "progressText": self.progressText
    case "percentDone": self.percentDone
    case "whyNotYet": self.whyNotYet
    case "reachStatus": self.reachStatus
    case "fromDay": self.fromDay
    case "fromDayText": self.fromDayText
    case "witnessHref": self.witnessHref
    case "witnessText": self.witnessText
    case "reachFlag": self.reachFlag
    case "reachWhy": self.reachWhy
    case "requires": self.requires
    case "hasRequires": !self.requires.isEmpty
    default: nil
    }
  }
}

extension BadgeCard.Prerequisite: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "id": self.id
    case "name": self.name
    case "state": self.state
    default: nil
    }
  }
}

extension CatalogPage: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "chrome": self.chrome
    case "words": self.words
    case "id": self.id
    case "name": self.name
    case "version": self.version
    case "description": self.description
    case "date": self.date
    case "languages": self.languages
    case "streaks": self.streaks
    case "milestones": self.milestones
    case "hasMilestones": self.hasMilestones
    case "badges": self.badges
    case "quotes": self.quotes
    case "messages": self.messages
    case "users": self.users
    default: nil
    }
  }
}

extension CatalogPage.Milestone: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "id": self.id
    case "day": self.day
    case "state": self.state
    case "name": self.name
    case "otherName": self.otherName
    case "title": self.title
    case "meaning": self.meaning
    case "reachStatus": self.reachStatus
    case "fromDay": self.fromDay
    case "witnessHref": self.witnessHref
    case "reachFlag": self.reachFlag
    case "reachWhy": self.reachWhy
    default: nil
    }
  }
}

extension CatalogPage.Quote: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "id": self.id
    case "text": self.text
    case "arabic": self.arabic
    case "source": self.source
    default: nil
    }
  }
}

extension CatalogPage.Message: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "id": self.id
    case "when": self.when
    case "title": self.title
    case "wordings": self.wordings
    default: nil
    }
  }
}

extension CatalogPage.Wording: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "index": self.index
    case "condition": self.condition
    case "otherwise": self.otherwise
    case "samples": self.samples
    default: nil
    }
  }
}

extension MessageSamples: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "text": self.text
    case "rows": self.rows
    case "hasRows": self.hasRows
    default: nil
    }
  }
}

extension MessageSamples.Row: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "n": self.n
    case "number": self.number
    case "form": self.form
    case "text": self.text
    default: nil
    }
  }
}

extension CatalogPage.Streak: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "about": self.about
    default: nil
    }
  }
}

extension UserPage: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "chrome": self.chrome
    case "catalogName": self.catalogName
    case "catalogHref": self.catalogHref
    case "user": self.user
    case "date": self.date
    case "first": self.first
    case "streakName": self.streakName
    case "months": self.months
    case "streakRuns": self.streakRuns
    case "events": self.events
    case "steps": self.stepsHTML
    case "lastStep": self.lastStep
    case "asOfStep": self.asOfStep
    case "badges": self.badges
    case "hasDays": self.hasDays
    default: nil
    }
  }
}

extension UserPage.Month: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "title": self.title
    case "cells": self.cellsHTML
    default: nil
    }
  }
}

extension UserPage.StreakRuns: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "runs": self.runs
    case "width": self.width
    case "summary": self.summary
    default: nil
    }
  }
}

extension UserPage.Run: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "x": self.x
    case "width": self.width
    case "label": self.label
    default: nil
    }
  }
}

extension UserPage.Event: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "date": self.date
    case "kind": self.kind
    case "id": self.id
    case "name": self.name
    default: nil
    }
  }
}

extension ImpactPage: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "chrome": self.chrome
    case "id": self.id
    case "old": self.old
    case "new": self.new
    case "date": self.date
    case "users": self.users
    case "changes": self.changes
    case "warnings": self.warnings
    case "badges": self.badges
    case "milestones": self.milestones
    case "shifts": self.shifts
    case "unchanged": self.unchanged
    case "hasMilestones": self.hasMilestones
    case "hasUnchanged": self.hasUnchanged
    case "failed": self.failed
    default: nil
    }
  }
}

extension ImpactPage.Change: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "section": self.section
    case "id": self.id
    case "change": self.change
    case "fields": self.fields
    default: nil
    }
  }
}

extension ImpactPage.Holding: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "id": self.id
    case "kind": self.kind
    case "hold": self.hold
    case "wouldHold": self.wouldHold
    case "gain": self.gain
    case "keptUnearned": self.keptUnearned
    case "bars": self.bars
    case "chartLabel": self.chartLabel
    default: nil
    }
  }
}

extension ImpactPage.Bar: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "label": self.label
    case "value": self.value
    case "y": self.y
    case "width": self.width
    case "textX": self.textX
    case "tone": self.tone
    default: nil
    }
  }
}

extension ImpactPage.Shift: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "changed": self.changed
    case "users": self.users
    case "bars": self.bars
    case "height": self.height
    case "chartLabel": self.chartLabel
    default: nil
    }
  }
}

extension DiagnosticsPage: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "chrome": self.chrome
    case "path": self.path
    case "errors": self.errors
    case "warnings": self.warnings
    case "problems": self.problems
    case "notes": self.notes
    default: nil
    }
  }
}

extension DiagnosticsPage.Problem: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "file": self.file
    case "line": self.line
    case "column": self.column
    case "severity": self.severity
    case "id": self.id
    case "message": self.message
    case "text": self.text
    default: nil
    }
  }
}

extension IndexPage: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "chrome": self.chrome
    case "folder": self.folder
    case "catalogs": self.catalogs
    case "broken": self.broken
    case "unread": self.unread
    case "notes": self.notes
    default: nil
    }
  }
}

extension IndexPage.Entry: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "id": self.id
    case "name": self.name
    case "href": self.href
    case "version": self.version
    case "badges": self.badges
    case "milestones": self.milestones
    case "languages": self.languages
    case "users": self.users
    case "impact": self.impact
    default: nil
    }
  }
}

extension IndexPage.BrokenEntry: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "path": self.path
    case "href": self.href
    case "errors": self.errors
    default: nil
    }
  }
}

extension IndexPage.UnreadEntry: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "path": self.path
    case "problems": self.problems
    default: nil
    }
  }
}

extension ProblemPage: MustacheParent {
  package func child(named name: String) -> Any? {
    switch name {
    case "chrome": self.chrome
    case "message": self.message
    default: nil
    }
  }
}
