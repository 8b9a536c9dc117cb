package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

type deckAddOptions struct {
	Search    string
	File      string
	Strict    bool
	Seed      uint64
	Kind      string
	Scheduler string
	NewPerDay int
	Retention float64
	Target    time.Duration
}

func init() {
	register(func(g *Globals) *cobra.Command {
		c := &cobra.Command{
			Use:   "deck",
			Short: "Decks of cards for spaced repetition: add, list, rm",
			Long: `A deck is a named set of cards reviewed with ` + "`atril review`" + `, scheduled by FSRS-6 (the
default) or by Zyzzyva's cardbox. A card is one question under one lexicon: an
alphagram to solve (kind anagram), a word whose hooks to give (hooks), a word to judge
(judge), two tiles to judge (twos). Decks live in the study database (--db, $ATRIL_DB,
else the user data directory).`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error { return c.Help() },
		}
		c.AddCommand(deckAddCmd(g), deckListCmd(g), deckRmCmd(g))
		return c
	})
}

func deckAddCmd(g *Globals) *cobra.Command {
	opts := &deckAddOptions{}
	c := &cobra.Command{
		Use:   "add NAME (--search QUERY | --file WORDS)",
		Short: "Create a deck, or add cards to one, from a search or a word file",
		Long: `Adds cards to the deck NAME (created if new) from the words of a search (the text of
` + "`atril search`" + `) or of a word file (one word a line, any spelling atril reads). Each
word becomes a card of the deck's kind: for anagram decks its alphagram (anagrams of one
another make one card), for hooks and judge decks the word, for twos decks the two tiles.
Cards already in the deck are skipped; new cards are introduced in the order given,
--new-per-day of them a day.

Judge and twos cards are answered valid or not, so a deck filled from a search (which
gives only words) gets non-words beside them, shuffled in (--seed): a twos deck every
two-tile combination that looks like the searched words (a vowel, a tile in place shared
with one of them) and is not a word, as the twos drill asks; a judge deck as many
phonies as words, one tile from a word of the search. A word file is taken as it is. A
file line that is not a word is skipped and reported with its line number (--strict:
the whole file is refused).

--kind, --scheduler, --new-per-day, --retention and --target are fixed when the deck is
created. FSRS grades each answer from right/wrong and time: wrong is Again, right
slower than the target time Hard, right within half of it Easy, else Good (targets:
anagram 15s, hooks 10s, judge and twos 5s). The cardbox moves a right answer up one box
(1, 4, 7, 12, 20, 30, 60, 90, 150, 270, 480 days, with a few days of spread) and a wrong
one back to box 0.`,
		Example: `  atril deck add sietes --search "length:7 top:1000"
  atril deck add doses --search "length:2" --kind twos --scheduler cardbox
  atril deck add fallos --file fallos.txt --kind judge --new-per-day 50`,
		Args: deckArgs(1, "a deck NAME"),
		ValidArgsFunction: func(c *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeDeckNames(g, false)(c, args, prefix) // adding to an existing deck
		},
		RunE: func(c *cobra.Command, args []string) error { return runDeckAdd(g, c, args[0], opts) },
	}
	f := c.Flags()
	f.StringVar(&opts.Search, "search", "", "fill from the words of the search `QUERY` (see 'atril search --help')")
	f.StringVar(&opts.File, "file", "", "fill from a word file, one word a line")
	f.BoolVar(&opts.Strict, "strict", false, "refuse the whole --file when a line is not a word (default: skip such lines)")
	f.Uint64Var(&opts.Seed, "seed", 0, "seed for a searched judge deck's phonies and the order of judge and twos cards (default: from the deck NAME)")
	f.StringVar(&opts.Kind, "kind", "anagram", "card kind: anagram, hooks, judge or twos")
	f.StringVar(&opts.Scheduler, "scheduler", "fsrs", "fsrs (FSRS-6) or cardbox (Zyzzyva)")
	f.IntVar(&opts.NewPerDay, "new-per-day", drills.DefaultNewPerDay, "new cards introduced a day")
	f.Float64Var(&opts.Retention, "retention", 0.9, "FSRS desired retention (0.5-0.99)")
	f.DurationVar(&opts.Target, "target", 0, "FSRS: time of a fluent answer, e.g. 8s (default: by kind)")
	return c
}

// deckArgs is cobra.ExactArgs with a message saying what is expected.
func deckArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return withCode(ExitError, fmt.Errorf("expected %s (see `%s --help`)", what, c.CommandPath()))
		}
		return nil
	}
}

func runDeckAdd(g *Globals, c *cobra.Command, name string, opts *deckAddOptions) error {
	kind := drills.Kind(opts.Kind)
	switch {
	case (opts.Search == "") == (opts.File == ""):
		return withCode(ExitError, errors.New("deck add: give --search QUERY or --file WORDS (one of them)"))
	case !slices.Contains(drills.DeckKinds, kind):
		return withCode(ExitError, fmt.Errorf("--kind %q: want one of anagram, hooks, judge, twos", opts.Kind))
	case !slices.Contains(srs.Kinds, opts.Scheduler):
		return withCode(ExitError, fmt.Errorf("--scheduler %q: want fsrs or cardbox", opts.Scheduler))
	case opts.NewPerDay < 0 || opts.NewPerDay > drills.MaxCount:
		return withCode(ExitError, fmt.Errorf("--new-per-day %d: want 0 to %d", opts.NewPerDay, drills.MaxCount))
	case !(opts.Retention > 0.5 && opts.Retention < 1): // NaN too
		return withCode(ExitError, fmt.Errorf("--retention %v: want a number between 0.5 and 1, e.g. 0.9", opts.Retention))
	case opts.Target < 0:
		return withCode(ExitError, fmt.Errorf("--target %v: want a positive duration such as 8s", opts.Target))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	src := drills.DeckSource{Search: opts.Search, File: opts.File, Strict: opts.Strict, Seed: opts.Seed}
	if !c.Flags().Changed("seed") {
		// From the deck's name: adding the same search again makes the same phonies, which
		// the deck already holds, instead of piling up new ones.
		h := fnv.New64a()
		h.Write([]byte(name))
		src.Seed = h.Sum64()
	}
	var file []byte
	if opts.File != "" {
		if file, err = os.ReadFile(opts.File); err != nil {
			return withCode(ExitError, err)
		}
		src.In = bytes.NewReader(file)
	}
	fill, err := drills.FillDeck(lex, kind, src)
	if err != nil {
		return withCode(ExitError, err)
	}
	st, err := openStudyStore(g)
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := c.Context()
	d, err := st.DeckByName(ctx, name)
	created := false
	switch {
	case errors.Is(err, studystore.ErrNoDeck):
		d = studystore.Deck{Name: name, Lexicon: lex.Name, Kind: string(kind), Scheduler: opts.Scheduler,
			NewPerDay: opts.NewPerDay, Source: fill.Source,
			Settings: studystore.DeckSettings{TargetMS: opts.Target.Milliseconds()}}
		if opts.Retention != 0.9 {
			d.Settings.Retention = opts.Retention
		}
		if d.ID, err = st.CreateDeck(ctx, d); err != nil {
			return withCode(ExitError, err)
		}
		created = true
	case err != nil:
		return withCode(ExitError, err)
	default:
		for _, f := range []struct {
			flag, have, want string
		}{{"kind", d.Kind, string(kind)}, {"scheduler", d.Scheduler, opts.Scheduler}} {
			if c.Flags().Changed(f.flag) && f.have != f.want {
				return withCode(ExitError, fmt.Errorf("deck %s is a %s deck; --%s %s cannot change it (make a new deck)", name, f.have, f.flag, f.want))
			}
		}
		if !drills.SameLexicon(d.Lexicon, lex.Name) {
			return withCode(ExitError, fmt.Errorf("deck %s holds cards of lexicon %s, not %s (add --lexicon %s)", name, d.Lexicon, lex.Name, d.Lexicon))
		}
		if kind != drills.Kind(d.Kind) {
			kind = drills.Kind(d.Kind)
			if opts.File != "" {
				src.In = bytes.NewReader(file)
			}
			if fill, err = drills.FillDeck(lex, kind, src); err != nil {
				return withCode(ExitError, err)
			}
		}
	}
	added, err := st.AddCards(ctx, d.ID, d.Lexicon, d.Kind, fill.Cards) // the deck's spelling of the name
	if err != nil {
		return withCode(ExitError, err)
	}
	if msg := fill.Skipped.Summary(10); msg != "" {
		fmt.Fprint(g.io.Err, "atril: "+msg)
	}
	total := d.Cards + added
	if g.JSON {
		return g.PrintJSON(map[string]any{"deck": name, "created": created, "kind": d.Kind, "scheduler": d.Scheduler,
			"lexicon": lex.Name, "words": fill.Words, "non_words": fill.Added, "lines_skipped": len(fill.Skipped),
			"cards_added": added, "cards": total})
	}
	verb := "added to"
	if created {
		verb = "created with"
	}
	from := drills.Counted(fill.Words, "word")
	if fill.Added > 0 {
		from += " and " + drills.Counted(fill.Added, "non-word")
	}
	fmt.Fprintf(g.Out(), "deck %s %s %s from %s (%d already in it); %s in all, %d new a day (%s)\n",
		name, verb, drills.Counted(added, d.Kind+" card"), from, len(fill.Cards)-added, drills.Counted(total, "card"), d.NewPerDay, d.Scheduler)
	return nil
}

func deckListCmd(g *Globals) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "Each deck's cards by state and how many fall due each of the next 7 days",
		Long: `Lists the decks with their cards by state (new, learning, review, relearning; and by
box for cardbox decks) and how many fall due each of the next 7 days (today counts the
overdue ones too).

--json prints [{"id","name","lexicon","kind","scheduler","new_per_day","settings",
"source","created","cards","by_state":{"new",...},"by_box":[...],"due_per_day":[7]}].`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			st, err := openStudyStoreToRead(g)
			if err != nil {
				return err
			}
			defer st.Close()
			ctx := c.Context()
			decks, err := st.Decks(ctx)
			if err != nil {
				return withCode(ExitError, err)
			}
			start := drills.DayStart(g.io.Now())
			out := make([]drills.DeckStatus, 0, len(decks))
			for _, d := range decks {
				counts, err := st.Counts(ctx, d, start, 7)
				if err != nil {
					return withCode(ExitError, err)
				}
				out = append(out, drills.DeckStatus{Deck: d, DeckCounts: counts})
			}
			if g.JSON {
				return g.PrintJSON(out)
			}
			if len(out) == 0 {
				fmt.Fprintln(g.Out(), "No decks yet: make one with `atril deck add NAME --search \"...\"`.")
				return nil
			}
			return g.PrintMarkdown(deckListMarkdown(out, start))
		},
	}
}

func deckListMarkdown(ds []drills.DeckStatus, start time.Time) string {
	var b strings.Builder
	b.WriteString("| deck | kind | scheduler | cards | new | learning | review | relearning |")
	for i := range 7 {
		if i == 0 {
			b.WriteString(" today |")
		} else {
			b.WriteString(" " + start.AddDate(0, 0, i).Format("Mon 2") + " |")
		}
	}
	b.WriteString("\n|---|---|---|--:|--:|--:|--:|--:|")
	b.WriteString(strings.Repeat("--:|", 7) + "\n")
	for _, d := range ds {
		p := d.ByPhase
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %d | %d | %d |", deckCell(d.Name), d.Kind, d.Scheduler,
			d.Cards, p["new"], p["learning"], p["review"], p["relearning"])
		for _, n := range d.DuePerDay {
			fmt.Fprintf(&b, " %d |", n)
		}
		b.WriteString("\n")
	}
	for _, d := range ds {
		if d.ByBox == nil {
			continue
		}
		fmt.Fprintf(&b, "\n%s by box (0-10):", deckCell(d.Name))
		for i, n := range d.ByBox {
			fmt.Fprintf(&b, " %d:%d", i, n)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func deckCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func deckRmCmd(g *Globals) *cobra.Command {
	return &cobra.Command{
		Use:   "rm NAME",
		Short: "Delete a deck and its schedules (logged answers are kept)",
		Args:  deckArgs(1, "a deck NAME"),
		ValidArgsFunction: func(c *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeDeckNames(g, false)(c, args, prefix)
		},
		RunE: func(c *cobra.Command, args []string) error {
			st, err := openExistingStudyStore(g)
			if err != nil {
				return err
			}
			defer st.Close()
			if err := st.DeleteDeck(c.Context(), args[0]); err != nil {
				return withCode(ExitError, err)
			}
			fmt.Fprintf(g.Out(), "deck %s deleted; its answers stay in the log\n", args[0])
			return nil
		},
	}
}
