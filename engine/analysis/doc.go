package analysis

import (
	"math"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// TurnJSON is a turn as scripts read it: the keys issue 19 fixes. play and best are in
// notation (board tiles in parentheses, "-ABC" an exchange, "-" a pass); win_before is the
// chance of winning with the best play, win_after with the play made (see Turn.WinKnown).
type TurnJSON struct {
	Turn       int     `json:"turn"`
	Player     string  `json:"player"`
	Rack       string  `json:"rack"`
	Play       string  `json:"play"`
	Score      int     `json:"score"`
	Best       string  `json:"best"`
	BestScore  int     `json:"best_score"`
	EquityLoss float64 `json:"equity_loss"`
	WinBefore  float64 `json:"win_before"`
	WinAfter   float64 `json:"win_after"`
	// Method is how the turn was valued: static, sim, or endgame (the bag empty: equity_loss is
	// then the points of final spread lost, exact when proven).
	Method string `json:"method"`
	Proven bool   `json:"proven,omitempty"`
}

// SummaryJSON is the summary as scripts read it.
type SummaryJSON struct {
	Player         string         `json:"player"`
	Turns          int            `json:"turns"`
	Skipped        int            `json:"skipped"`
	MeanEquityLoss float64        `json:"mean_equity_loss"`
	TotalLoss      float64        `json:"total_equity_loss"`
	BingosPlayed   int            `json:"bingos_played"`
	BingosMissed   []MissedJSON   `json:"bingos_missed"`
	Phonies        []PhonyJSON    `json:"phonies"`
	ChallengesLost int            `json:"challenges_lost"`
	Biggest        []MistakeJSON  `json:"biggest_mistakes"`
	Method         string         `json:"method"`        // static, sim (endgames exact where solved)
	EndgameTurns   int            `json:"endgame_turns"` // turns valued by the exact endgame solver
	WinSource      string         `json:"win_source"`    // model (static), sim
	Scores         map[string]int `json:"final_scores"`
}

// MissedJSON is a turn where a bingo could be played and was not.
type MissedJSON struct {
	Turn  int      `json:"turn"`
	Rack  string   `json:"rack"`
	Words []string `json:"words"`
}

// PhonyJSON is a play with a word not in the lexicon.
type PhonyJSON struct {
	Turn      int      `json:"turn"`
	Play      string   `json:"play"`
	Words     []string `json:"words"`
	Withdrawn bool     `json:"withdrawn"`
}

// MistakeJSON is one of the costliest turns.
type MistakeJSON struct {
	Turn       int     `json:"turn"`
	Play       string  `json:"play"`
	Best       string  `json:"best"`
	EquityLoss float64 `json:"equity_loss"`
}

// ReportJSON is `atril analyze --json`.
type ReportJSON struct {
	Turns   []TurnJSON  `json:"turns"`
	Summary SummaryJSON `json:"summary"`
}

func round4(x float64) float64 { return math.Round(x*10000) / 10000 }

// JSON is the report for scripts.
func (r *Report) JSON(ts *lexicon.TileSet) ReportJSON {
	out := ReportJSON{Turns: []TurnJSON{}}
	s := &out.Summary
	s.Player, s.Turns, s.Skipped = r.Nick, r.Summary.Turns, r.Skipped
	s.MeanEquityLoss, s.TotalLoss = r.Summary.MeanLoss, r.Summary.TotalLoss
	s.BingosPlayed, s.ChallengesLost = r.Summary.BingosPlayed, r.Summary.ChallengesLost
	s.BingosMissed, s.Phonies, s.Biggest = []MissedJSON{}, []PhonyJSON{}, []MistakeJSON{}
	s.Method, s.WinSource = string(Static), "model"
	s.Scores = map[string]int{r.Players[0]: r.Scores[0], r.Players[1]: r.Scores[1]}
	for i := range r.Turns {
		t := &r.Turns[i]
		out.Turns = append(out.Turns, TurnJSON{Turn: t.Number, Player: t.Nick, Rack: ts.Notation(lexicon.Alphagram(t.Rack)),
			Play: t.PlayedText, Score: t.Score, Best: t.BestText, BestScore: int(t.Best.Score), EquityLoss: t.Loss,
			WinBefore: round4(t.WinBefore), WinAfter: round4(t.WinAfter), Method: string(t.Method), Proven: t.Proven})
		if t.Method == ExactEndgame {
			s.EndgameTurns++
		}
		if len(t.Bingos) > 0 {
			s.BingosMissed = append(s.BingosMissed, MissedJSON{Turn: t.Number, Rack: ts.Notation(lexicon.Alphagram(t.Rack)), Words: t.Bingos})
		}
		if len(t.Phony) > 0 {
			s.Phonies = append(s.Phonies, PhonyJSON{Turn: t.Number, Play: t.PlayedText, Words: t.Phony, Withdrawn: t.Withdrawn})
		}
		if t.Method == Simulated {
			s.Method, s.WinSource = string(Simulated), "sim"
		}
	}
	for _, i := range r.Summary.Biggest {
		t := &r.Turns[i]
		s.Biggest = append(s.Biggest, MistakeJSON{Turn: t.Number, Play: t.PlayedText, Best: t.BestText, EquityLoss: t.Loss})
	}
	return out
}

// Doc draws the analysis: each turn with the best play and what was lost, then the summary.
// turns false leaves the turn table out (the end of a game shows the summary only).
func (r *Report) Doc(t *ui.Term, p *i18n.Printer, ts *lexicon.TileSet, turns bool) *ui.Doc {
	d := ui.NewDoc().H2(p.T("analysis.title", "Player", r.Nick))
	if turns && len(r.Turns) > 0 {
		tb := ui.NewTable(ui.Col{Header: "#", Right: true}, ui.Col{Header: p.T("analysis.col.rack")},
			ui.Col{Header: p.T("analysis.col.play")}, ui.Col{Header: p.T("analysis.col.score"), Right: true},
			ui.Col{Header: p.T("analysis.col.best")}, ui.Col{Header: p.T("analysis.col.score"), Right: true},
			ui.Col{Header: p.T("analysis.col.loss"), Right: true}, ui.Col{Header: p.T("analysis.col.win"), Right: true})
		for i := range r.Turns {
			tn := &r.Turns[i]
			loss := ui.Cell{Text: p.Float(tn.Loss, 1), Style: lossStyle(tn.Loss)}
			if tn.Method == ExactEndgame {
				// ✓ exact; ? the best the solver found in its time.
				loss.Text += map[bool]string{true: " ✓", false: " ?"}[tn.Proven]
			}
			play := tn.PlayedText
			if tn.Withdrawn {
				play += " " + p.T("analysis.withdrawn")
			}
			best := tn.BestText
			if sameMove(tn) {
				best = "="
			}
			win := p.Percent(tn.WinAfter, 0)
			if !tn.WinKnown {
				win = "≈" + win
			}
			tb.Cells(ui.Cell{Text: p.Int(tn.Number)}, ui.Cell{Text: ts.Notation(lexicon.Alphagram(tn.Rack)), Style: ui.Accent},
				ui.Cell{Text: play}, ui.Cell{Text: p.Int(tn.Score)}, ui.Cell{Text: best}, ui.Cell{Text: p.Int(int(tn.Best.Score))},
				loss, ui.Cell{Text: win})
		}
		d.Table(tb)
	}
	s := &r.Summary
	kv := [][2]string{
		{p.T("analysis.turns"), p.Int(s.Turns)},
		{p.T("analysis.mean_loss"), p.T("analysis.mean_loss_value", "Mean", p.Float(s.MeanLoss, 1), "Total", p.Float(s.TotalLoss, 1))},
		{p.T("analysis.bingos"), p.T("analysis.bingos_value", "Played", p.Int(s.BingosPlayed), "Missed", p.Int(s.BingosMissed))},
		{p.T("analysis.phonies"), p.Int(s.Phonies)},
		{p.T("analysis.challenges_lost"), p.Int(s.ChallengesLost)},
	}
	d.KV(kv...)
	var missed []string
	for i := range r.Turns {
		tn := &r.Turns[i]
		if len(tn.Bingos) > 0 {
			missed = append(missed, p.T("analysis.missed_item", "Turn", p.Int(tn.Number), "Rack", ts.Notation(lexicon.Alphagram(tn.Rack)),
				"Words", strings.Join(tn.Bingos, ", ")))
		}
	}
	if len(missed) > 0 {
		d.H2(p.T("analysis.missed_title"))
		d.List(missed...)
	}
	var phonies []string
	for i := range r.Turns {
		if tn := &r.Turns[i]; len(tn.Phony) > 0 {
			phonies = append(phonies, p.T("analysis.phony_item", "Turn", p.Int(tn.Number), "Play", tn.PlayedText, "Words", strings.Join(tn.Phony, ", ")))
		}
	}
	if len(phonies) > 0 {
		d.H2(p.T("analysis.phonies_title"))
		d.List(phonies...)
	}
	if len(s.Biggest) > 0 {
		var items []string
		for _, i := range s.Biggest {
			tn := &r.Turns[i]
			items = append(items, p.T("analysis.mistake_item", "Turn", p.Int(tn.Number), "Rack", ts.Notation(lexicon.Alphagram(tn.Rack)),
				"Play", tn.PlayedText, "Best", tn.BestText, "Loss", p.Float(tn.Loss, 1)))
		}
		d.H2(p.T("analysis.mistakes_title"))
		d.List(items...)
	}
	var exact, unproven []string
	for i := range r.Turns {
		if tn := &r.Turns[i]; tn.Method == ExactEndgame {
			exact = append(exact, p.Int(tn.Number))
			if !tn.Proven {
				unproven = append(unproven, p.Int(tn.Number))
			}
		}
	}
	if len(exact) > 0 {
		d.Note(p.N("analysis.exact_turns", len(exact), "Turns", strings.Join(exact, ", ")))
	}
	if len(unproven) > 0 {
		d.Note(p.N("analysis.unproven_turns", len(unproven), "Turns", strings.Join(unproven, ", ")))
	}
	if r.Skipped > 0 {
		d.Note(p.N("analysis.skipped", r.Skipped))
	}
	if turns {
		d.Note(p.T("analysis.legend"))
	}
	return d
}

// sameMove reports whether the play made is the best play.
func sameMove(t *Turn) bool {
	played := asPlayed(t)
	return MoveKey(&played) == MoveKey(&t.Best)
}

func lossStyle(loss float64) ui.Style {
	switch {
	case loss >= 15:
		return ui.Bad
	case loss >= 5:
		return ui.Warn
	case loss <= 0.5:
		return ui.Good
	}
	return ui.Normal
}
