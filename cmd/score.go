package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

type scoreOptions struct {
	CGP  string
	Play string
}

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &scoreOptions{}
		c := &cobra.Command{
			Use:   "score --cgp CGP --play \"8F BOCA\"",
			Short: "Check a play's legality and score as the FILE rules count it",
			Long: `Check a play on a position and count its score the way the FILE rules do
(arts. 12-19: letter premiums then word premiums for new tiles only, blanks 0, every
cross-word in full, +50 for all seven tiles): the total, each word, the bingo bonus.
For an illegal play it says why. Settles score disputes (art. 40).

The play is COORDS WORD: 8H is across from row 8 column H, H8 down. Write the whole
word with tiles already on the board as '.' or in parentheses: "8H CA(SA)" or
"8H CA..". Lower case is a blank; digraphs as CH or [CH]. When the CGP gives the
rack of the player to move, the tiles must be on it (a letter it lacks is taken as
its blank).

Exit codes: 0 legal, 1 not legal, 2 bad input.`,
			Example: `  atril score --cgp "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABCO?/ 0/0 0" --play "8F BOCA"
  atril score --json --cgp "$(cat pos.cgp)" --play "H8 CA(SA)"`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error { return runScore(g, opts) },
		}
		c.Flags().StringVar(&opts.CGP, "cgp", "", "the position, a CGP string (required)")
		c.Flags().StringVar(&opts.Play, "play", "", "the play, as \"8F BOCA\" or \"H8 CA(SA)\" (required)")
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
		return withCode(ExitError, fmt.Errorf("score needs --cgp CGP and --play \"8F BOCA\" (see `atril score --help`)"))
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	pos, err := engine.ParseCGP(opts.CGP, ts, engine.StandardLayout())
	if err != nil {
		return withCode(ExitError, err)
	}
	m, err := engine.ParseMove(opts.Play, pos.Board, ts)
	if err != nil {
		return withCode(ExitError, err)
	}
	if m.Kind != engine.Play {
		return withCode(ExitError, fmt.Errorf("--play %q: score checks tile placements; an exchange or pass scores 0", opts.Play))
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

	out := scoreJSON{Valid: v.Legal, Score: v.Score, Bingo: v.Bingo, Notes: v.Notes, Words: []scoreWordJSON{}}
	if v.Move.Len > 0 {
		out.Move = engine.FormatMove(&v.Move, pos.Board, ts)
	} else {
		out.Move = opts.Play
	}
	for _, w := range v.Words {
		out.Words = append(out.Words, scoreWordJSON{Word: ts.Word(w.Tiles), Score: w.Score, Valid: w.Valid, Arithmetic: w.Arithmetic(ts)})
	}
	for _, p := range v.Problems {
		out.Problems = append(out.Problems, scoreProblemJSON{Kind: string(p.Kind), Message: p.Message})
	}
	if v.Legal {
		out.CGP = pos.After(&v.Move).CGP()
	}
	if note := splitDigraphNote(pos); note != "" {
		out.Notes = append(out.Notes, note)
	}
	if named := pos.Lexicon(); named != "" && !lexicon.SameName(named, lex.Name) {
		out.Notes = append(out.Notes, fmt.Sprintf("the position names the lexicon %s; words were judged with %s (choose with --lexicon)", named, lex.Name))
	}

	if g.JSON {
		if err := g.PrintJSON(out); err != nil {
			return err
		}
	} else if err := g.PrintMarkdown(scoreMarkdown(&out)); err != nil {
		return err
	}
	if !v.Legal {
		return withCode(ExitNo, errSilentNo)
	}
	return nil
}

func scoreMarkdown(s *scoreJSON) string {
	var sb strings.Builder
	if s.Valid {
		fmt.Fprintf(&sb, "**%s**: %d points\n\n", s.Move, s.Score)
	} else {
		fmt.Fprintf(&sb, "**%s** is not legal:\n\n", s.Move)
		for _, p := range s.Problems {
			fmt.Fprintf(&sb, "- %s\n", p.Message)
		}
		sb.WriteString("\n")
	}
	if len(s.Words) > 0 {
		sb.WriteString("| word | count | points |\n|:---|:---|---:|\n")
		for _, w := range s.Words {
			mark := ""
			if !w.Valid {
				mark = " (not valid)"
			}
			fmt.Fprintf(&sb, "| %s%s | %s | %d |\n", w.Word, mark, w.Arithmetic, w.Score)
		}
		if s.Bingo {
			fmt.Fprintf(&sb, "| scrabble bonus (7 tiles) | | %d |\n", engine.BingoBonus)
		}
		fmt.Fprintf(&sb, "| **total** | | **%d** |\n\n", s.Score)
	}
	for _, n := range s.Notes {
		fmt.Fprintf(&sb, "Note: %s.\n\n", n)
	}
	if s.CGP != "" {
		fmt.Fprintf(&sb, "Position after: `%s`\n", s.CGP)
	}
	return sb.String()
}
