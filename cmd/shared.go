// Helpers that several commands of different families use: parsing a --cgp flag, rounding
// figures for JSON, the time left on a progress bar, a flag error, the deck-name completion.
// A family's own helpers stay in its parent's file (drill.go, leaves.go, lexicon.go, puzzle.go),
// opening the study database in studydb.go.
package cmd

import (
	"io"
	"os"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// parseCGPFlag reads --cgp, the error naming the flag.
func parseCGPFlag(s string, ts *lexicon.TileSet) (*engine.Position, error) {
	pos, err := engine.ParseCGP(s, ts, engine.StandardLayout())
	if err != nil {
		return nil, withCode(ExitError, i18n.Wrap(err, "engine.cgp_flag"))
	}
	return pos, nil
}

// timeLeft is " · quedan 25 s" for the progress bar, "" when unknown.
func timeLeft(p *i18n.Printer, left time.Duration) string {
	if left <= 0 {
		return ""
	}
	return p.T("selfplay.left", "Left", p.Duration(left))
}

// flagError names the flag a library error is about: a value of --ranks, --length.
func flagError(flag string, err error) error {
	return withCode(ExitError, i18n.Wrap(err, "drill.flag_error", "Flag", flag))
}

// keepTyped makes flag f also keep the text it was given in *text, for an error to echo what
// the user typed (-5m, not pflag's -5m0s).
func keepTyped(f *pflag.Flag, text *string) {
	f.Value = typedValue{f.Value, text}
}

type typedValue struct {
	pflag.Value
	text *string
}

func (v typedValue) Set(s string) error {
	*v.text = s
	return v.Value.Set(s)
}

// isTerminal reports whether r is a terminal (which echoes what is typed by itself).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
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

// checkOutput refuses an output flag's target (--plot, --out) that is not a regular file,
// before any work: a device or a FIFO is never replaced or written into (and nothing then
// says the file was written).
func checkOutput(file string) error {
	if file == "" {
		return nil
	}
	if err := fileio.CheckOutput(file); err != nil {
		return withCode(ExitError, err)
	}
	return nil
}
