package game

import (
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Report is a self-play run as --json writes it and Doc shows it: the summary of its games and
// how it was run.
type Report struct {
	Summary
	Seed          uint64  `json:"seed"`
	Rules         string  `json:"rules"`
	Lexicon       string  `json:"lexicon"`
	Workers       int     `json:"workers"`
	Seconds       float64 `json:"seconds"`
	GamesPerSec   float64 `json:"games_per_second"`
	SavedTo       string  `json:"saved_to,omitempty"`
	CGP           string  `json:"cgp,omitempty"`
	Leaves        string  `json:"leaves"`
	GamesFinished int     `json:"games_finished"`
}

// StrategyName is a self-play player's strategy (equity, score) in the reader's words.
func StrategyName(p *i18n.Printer, s string) string {
	switch s {
	case "equity":
		return p.T("names.equity")
	case "score":
		return p.T("names.score")
	}
	return s
}

// Doc is the run for a reader: the run, each player's mean score, bingos and wins, player 1's
// win rate with its interval, and the speed.
func (s *Report) Doc(p *i18n.Printer) *ui.Doc {
	rules := p.T("selfplay.rules_file")
	if s.Rules == SixScoreless.Name {
		rules = p.T("selfplay.rules_six")
	}
	doc := ui.NewDoc().H2(p.T("selfplay.title", "Games", p.N("selfplay.games", s.Games), "Seed", s.Seed, "Lexicon", s.Lexicon))
	doc.P(p.T("selfplay.end_rules", "Rules", rules))
	if s.CGP != "" {
		doc.P(p.T("selfplay.from_cgp", "CGP", s.CGP))
	}
	doc.P(p.T("selfplay.leaves", "Leaves", leavetable.DisplayName(p, s.Leaves)))
	t := ui.NewTable(ui.Col{Header: p.T("selfplay.col.player")}, ui.Col{Header: p.T("selfplay.col.mean"), Right: true},
		ui.Col{Header: p.T("selfplay.col.bingos"), Right: true}, ui.Col{Header: p.T("selfplay.col.wins"), Right: true})
	for i := 0; i < 2; i++ {
		t.Row(p.T("selfplay.player", "Number", i+1, "Strategy", StrategyName(p, s.Players[i])), p.Float(s.MeanScore[i], 1), p.Float(s.BingosPerGame[i], 2), p.Int(s.Wins[i]))
	}
	doc.Table(t)
	doc.P(p.T("selfplay.win_rate", "Ties", p.Int(s.Ties), "Rate", p.Percent(s.WinRate, 1), "Low", p.Percent(s.WinLow, 1), "High", p.Percent(s.WinHigh, 1)))
	doc.P(p.T("selfplay.speed", "Turns", p.Float(s.MeanTurns, 1), "Rate", p.Float(s.GamesPerSec, 1), "Seconds", p.Float(s.Seconds, 2), "Workers", p.N("selfplay.workers", s.Workers)))
	if s.SavedTo != "" {
		doc.P(p.T("selfplay.saved", "Dir", s.SavedTo))
	}
	return doc
}
