package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// drillCommands are the `atril drill` subcommands, one file each (drill_anagram.go, ...).
var drillCommands []func(*Globals) *cobra.Command

func registerDrill(f func(*Globals) *cobra.Command) { drillCommands = append(drillCommands, f) }

func init() {
	register(func(g *Globals) *cobra.Command {
		c := &cobra.Command{
			Use:   "drill",
			Short: "Drills: anagrams, building, two-tile words, digraph tiles, hooks, word judging",
			Long: `Drills ask one question at a time and read one answer a line, on a terminal or
from a pipe. Every answer is saved to the study database (--db, $ATRIL_DB, else the
user data directory) the moment it is given; Ctrl-D or Ctrl-C ends a drill with all
of them kept, and prints a summary.

Answering:
  words   type every word on one line, separated by spaces; an empty line means none
  yes/no  y (valid) or n (not valid); s/sí and no work too
  hooks   front hook tiles, a slash, back hook tiles: "a ch / s" ("- / s": no front hook)
Words and tiles take any spelling atril reads: CHARRO, [CH]ARRO, 1ARRO.

Every drill takes --count, --seed (the same seed asks the same questions), --time-limit
per question, and --list to print the questions with their answers instead of asking
(a study sheet; with --json, {"drill","lexicon","seed","questions":[{"n","card",
"question","ask","form","answers"|"valid"|"front"+"back","note"}]}).`,
			Example: `  atril drill anagram --length 7 --ranks 1-1000 --count 20
  atril drill anagram --length 8 --blanks 1 --seed 7
  atril drill twos --tile CH
  atril drill judge --time-limit 10s
  atril drill hooks --length 3 --list`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error { return c.Help() },
		}
		stopsCleanly(c)
		for _, add := range drillCommands {
			c.AddCommand(add(g))
		}
		return c
	})
}

// drillFlags are what every drill takes.
type drillFlags struct {
	Count     int
	Seed      uint64
	TimeLimit time.Duration
	List      bool
	Deck      string // drills whose kind a deck can hold: ask the deck's cards
}

// addDeckFlag gives a drill --deck, for the kinds of card a deck holds (drills.DeckKinds).
func addDeckFlag(g *Globals, c *cobra.Command, f *drillFlags) {
	c.Flags().StringVar(&f.Deck, "deck", "", "ask the cards of deck `NAME` (see 'atril deck list'), in an order from --seed, instead of drawing questions")
	_ = c.RegisterFlagCompletionFunc("deck", completeDeckNames(g, true))
}

// completeDeckNames completes the names of the study database's decks (of the command's drill
// kind when ofKind: `atril drill anagram --deck` offers anagram decks). It never creates the
// database.
func completeDeckNames(g *Globals, ofKind bool) cobra.CompletionFunc {
	return func(c *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		st, err := openStudyStoreToRead(g)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer st.Close()
		decks, err := st.Decks(c.Context())
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var names []string
		for _, d := range decks {
			if (!ofKind || c.Name() == d.Kind) && strings.HasPrefix(d.Name, prefix) {
				names = append(names, d.Name)
			}
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	}
}

func addDrillFlags(c *cobra.Command, f *drillFlags, count int, zero string) {
	fl := c.Flags()
	fl.IntVarP(&f.Count, "count", "n", count, fmt.Sprintf("questions to ask, up to %d; 0 asks %s", drills.MaxCount, zero))
	fl.Uint64Var(&f.Seed, "seed", 0, "random seed: the same seed asks the same questions (default: from the clock)")
	fl.DurationVar(&f.TimeLimit, "time-limit", 0, "time per question, e.g. 10s (0: none); a late answer counts wrong")
	fl.BoolVar(&f.List, "list", false, "print the questions and answers instead of asking (--json for scripts)")
}

// drillRun is one drill as its command describes it.
type drillRun struct {
	kind  drills.Kind
	flags *drillFlags
	// make builds the questions from the seed.
	make func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error)
	// options are saved with the session, to say how to replay it.
	options map[string]any
}

// runDrill builds the questions, then lists them or asks them, saving each answer.
func runDrill(g *Globals, c *cobra.Command, d drillRun) error {
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	seed := d.flags.Seed
	if !c.Flags().Changed("seed") {
		seed = uint64(g.io.Now().UnixNano())
	}
	if d.flags.Count < 0 || d.flags.Count > drills.MaxCount {
		return withCode(ExitError, fmt.Errorf("--count %d: expected 0 (all the options select) to %d", d.flags.Count, drills.MaxCount))
	}
	if d.flags.TimeLimit < 0 {
		return withCode(ExitError, fmt.Errorf("--time-limit %s: expected a positive duration such as 10s", d.flags.TimeLimit))
	}
	var st *studystore.Store
	open := func() error {
		if st != nil {
			return nil
		}
		var err error
		st, err = openStudyStore(g)
		return err
	}
	defer func() {
		if st != nil {
			st.Close()
		}
	}()
	var qs []drills.Question
	var deckID int64
	if d.flags.Deck != "" {
		var ignored []string
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			switch f.Name {
			case "count", "seed", "time-limit", "list", "deck":
			default:
				if f.Changed {
					ignored = append(ignored, "--"+f.Name)
				}
			}
		})
		if len(ignored) > 0 {
			return withCode(ExitError, fmt.Errorf("%s: not with --deck, whose cards are the questions", strings.Join(ignored, ", ")))
		}
		if err := open(); err != nil {
			return err
		}
		if qs, deckID, err = deckQuestions(c.Context(), st, lex, d, seed); err != nil {
			return withCode(ExitError, err)
		}
	} else if qs, err = d.make(lex, seed); err != nil {
		return withCode(ExitError, err)
	}
	if d.flags.List {
		l := drills.List(d.kind, lex.Name, seed, qs)
		if g.JSON {
			return g.PrintJSON(l)
		}
		return g.PrintMarkdown(l.Markdown())
	}

	if err := open(); err != nil {
		return err
	}
	opts := map[string]any{"seed": seed, "count": d.flags.Count}
	if d.flags.Deck != "" {
		opts["deck"] = d.flags.Deck
	}
	if d.flags.TimeLimit > 0 {
		opts["time_limit_ms"] = d.flags.TimeLimit.Milliseconds()
	}
	for k, v := range d.options {
		opts[k] = v
	}
	rec, err := drills.StartSession(st, d.kind, lex.Name, deckID, opts)
	if err != nil {
		return withCode(ExitError, err)
	}

	// Ctrl-C cancels the context (Main): the drill stops with its answers saved.
	ctx := c.Context()
	r := newRunner(g, lex, d.flags.TimeLimit, rec,
		fmt.Sprintf("%s drill · lexicon %s · seed %d · answers saved to %s", d.kind, lex.Name, seed, st.Path()))
	sum, runErr := r.Run(ctx, qs)
	endErr := rec.End()
	if runErr != nil {
		return withCode(ExitError, runErr)
	}
	if endErr != nil {
		return withCode(ExitError, endErr)
	}
	if g.JSON {
		return g.PrintJSON(sum)
	}
	return nil
}

// newRunner is the question loop of every command that asks (drills, review): with --json it
// talks on stderr, so that stdout carries only the summary; answers read from a pipe are
// echoed after their prompt (a terminal echoes by itself), so a transcript reads the same.
func newRunner(g *Globals, lex *lexicon.Lexicon, timeLimit time.Duration, rec drills.Recorder, title string) *drills.Runner {
	out, color := g.io.Out, g.Color()
	if g.JSON {
		out = g.io.Err
		color = g.io.ErrTTY && g.io.Getenv("NO_COLOR") == "" && g.io.Getenv("TERM") != "dumb"
	}
	return &drills.Runner{
		In: g.io.In, Out: out, Lex: lex, Now: g.io.Now, TimeLimit: timeLimit,
		Recorder: rec, Color: color, Echo: !isTerminal(g.io.In), Title: title,
	}
}

// deckQuestions asks --deck's cards: the deck must hold the drill's kind of card, under the
// lexicon in use.
func deckQuestions(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, d drillRun, seed uint64) ([]drills.Question, int64, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	dk, err := st.DeckByName(ctx, d.flags.Deck)
	if err != nil {
		return nil, 0, err
	}
	if dk.Kind != string(d.kind) {
		return nil, 0, fmt.Errorf("deck %s holds %s cards: drill it with `atril drill %s --deck %s`", dk.Name, dk.Kind, dk.Kind, dk.Name)
	}
	if !drills.SameLexicon(dk.Lexicon, lex.Name) {
		return nil, 0, fmt.Errorf("deck %s is under lexicon %s, not %s: add --lexicon %s", dk.Name, dk.Lexicon, lex.Name, dk.Lexicon)
	}
	cards, err := st.DeckCards(ctx, dk.ID)
	if err != nil {
		return nil, 0, err
	}
	qs, err := drills.FromDeck(lex, cards, d.flags.Count, seed)
	if err != nil {
		return nil, 0, fmt.Errorf("deck %s: %w", dk.Name, err)
	}
	return qs, dk.ID, nil
}

// isTerminal reports whether r is a terminal (which echoes what is typed by itself).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
