package cmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

type scoreOptions struct {
	CGP  string
	Play string
}

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &scoreOptions{}
		p := g.P
		c := &cobra.Command{
			Use:     p.T("score.use"),
			Short:   p.T("score.short"),
			Long:    p.T("score.long"),
			Example: p.T("score.example"),
			Args:    cobra.NoArgs,
			RunE:    func(c *cobra.Command, args []string) error { return runScore(g, opts) },
		}
		c.Flags().StringVar(&opts.CGP, "cgp", "", p.T("score.flag.cgp"))
		c.Flags().StringVar(&opts.Play, "play", "", p.T("score.flag.play"))
		return c
	})
}

type scoreWordJSON struct {
	Word       string `json:"word"`
	Score      int    `json:"score"`
	Valid      bool   `json:"valid"`
	Arithmetic string `json:"arithmetic"`
}

type scoreProblemJSON struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

type scoreJSON struct {
	Valid    bool               `json:"valid"`
	Move     string             `json:"move"`
	Score    int                `json:"score"`
	Words    []scoreWordJSON    `json:"words"`
	Bingo    bool               `json:"bingo"`
	CGP      string             `json:"cgp,omitempty"`
	Problems []scoreProblemJSON `json:"problems,omitempty"`
	Notes    []string           `json:"notes,omitempty"`
}

func runScore(g *Globals, opts *scoreOptions) error {
	if opts.CGP == "" || opts.Play == "" {
		return withCode(ExitError, i18n.E("score.needs"))
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	pos, err := parseCGPFlag(opts.CGP, ts)
	if err != nil {
		return err
	}
	m, err := engine.ParseMove(opts.Play, pos.Board, ts)
	if err != nil {
		return withCode(ExitError, i18n.Wrap(err, "score.play_flag"))
	}
	if m.Kind != engine.Play {
		return withCode(ExitError, i18n.E("score.not_a_play", "Play", opts.Play))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	var rack = pos.Racks[0]
	if len(rack) == 0 {
		rack = nil // unknown rack: not checked
	}
	v := engine.Check(pos.Board, &m, ts, lex, rack)

	// Notes: the validator's (a blank assumed), then how the position was read.
	notes := append(v.Notes, pos.Notes()...)
	if named := pos.Lexicon(); named != "" && !strings.EqualFold(named, lex.Name) {
		notes = append(notes, i18n.E("score.lexicon_note", "Named", named, "Used", lex.Name))
	}
	// JSON is for scripts: its messages stay in English whatever the interface language.
	out := scoreJSON{Valid: v.Legal, Score: v.Score, Bingo: v.Bingo, Words: []scoreWordJSON{}}
	if v.Move.Len > 0 {
		out.Move = engine.FormatMove(&v.Move, pos.Board, ts)
	} else {
		out.Move = opts.Play
	}
	for _, w := range v.Words {
		out.Words = append(out.Words, scoreWordJSON{Word: ts.Word(w.Tiles), Score: w.Score, Valid: w.Valid, Arithmetic: w.Arithmetic(ts)})
	}
	for _, p := range v.Problems {
		out.Problems = append(out.Problems, scoreProblemJSON{Kind: string(p.Kind), Message: p.Reason.Error()})
	}
	for _, n := range notes {
		out.Notes = append(out.Notes, n.Error())
	}
	if v.Legal {
		out.CGP = pos.After(&v.Move).CGP()
	}

	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(scoreDoc(g, &out, &v, notes))
	}
	if err != nil {
		return err
	}
	if !v.Legal {
		return withCode(ExitNo, errSilentNo)
	}
	return nil
}

// scoreDoc is the verdict as a player reads it: the play and its points (or why it is not
// legal), each word's count, the bonus and the total, the notes and the position after.
func scoreDoc(g *Globals, s *scoreJSON, v *engine.Verdict, notes []error) *ui.Doc {
	p := g.P
	doc := ui.NewDoc()
	verdict := ui.NewTable(ui.Col{}, ui.Col{})
	if s.Valid {
		verdict.Cells(ui.Cell{Text: s.Move, Style: ui.Bold}, ui.Cell{Text: p.N("score.points", s.Score), Style: ui.Good})
		doc.Table(verdict)
	} else {
		verdict.Cells(ui.Cell{Text: s.Move, Style: ui.Bold}, ui.Cell{Text: p.T("score.not_legal"), Style: ui.Bad})
		doc.Table(verdict)
		var problems []string
		for _, pr := range v.Problems {
			problems = append(problems, p.Err(pr.Reason))
		}
		doc.List(problems...)
	}
	if len(s.Words) > 0 {
		t := ui.NewTable(ui.Col{Header: p.T("engine.col.word")}, ui.Col{Header: p.T("score.col.count")},
			ui.Col{Header: p.T("engine.col.points"), Right: true})
		for _, w := range s.Words {
			word := ui.Cell{Text: w.Word}
			if !w.Valid {
				word = ui.Cell{Text: p.T("score.word_not_valid", "Word", w.Word), Style: ui.Bad}
			}
			t.Cells(word, ui.Cell{Text: w.Arithmetic}, ui.Cell{Text: p.Int(w.Score)})
		}
		if s.Bingo {
			t.Row(p.T("score.bingo", "Tiles", engine.RackSize), "", p.Int(engine.BingoBonus))
		}
		t.Row(p.T("score.total"), "", p.Int(s.Score)).Strong()
		doc.Table(t)
	}
	for _, n := range notes {
		doc.Note(p.T("engine.note_line", "Note", p.Err(n)))
	}
	if s.CGP != "" {
		doc.KV([2]string{p.T("score.after"), s.CGP})
	}
	return doc
}
