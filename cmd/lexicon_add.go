package cmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon/registry"
)

type lexiconAddOptions struct {
	Name        string
	File        string
	Strict      bool
	Description string
	Force       bool
}

func init() {
	registerLexicon(func(g *Globals) *cobra.Command {
		opts := &lexiconAddOptions{}
		c := &cobra.Command{
			Use:   "add NAME FILE",
			Short: "Compile a word list (or add a .kwg) as lexicon NAME",
			Long: `Compile FILE into lexicon NAME in your data directory (see 'atril lexicon --help').

FILE is a word list, one word a line, in any spelling atril reads: CHARRO (CH, LL and
RR read greedily as digraph tiles), [CH] [LL] [RR], FISE's 1 2 3 for CH LL RR, upper or
lower case, accents dropped; UTF-8 or Latin-1; blank lines and lines starting with #
are skipped. Letters are those of --tiles (the FISE set by default).

A line that is not a word of 2 to 15 tiles (a letter outside the alphabet, such as K or
W, or too short or too long) is reported on stderr with its line number and skipped;
with --strict any such line stops the command and nothing is added.

A FILE of - reads the list from standard input.

FILE may instead be a .kwg word graph (from wolges or macondo, say): it is added as it
is and must number its tiles in the default Spanish order (? A B C CH D E F G H I J L LL
M N Ñ O P Q R RR S T U V X Y Z).

Exit codes: 0 added (also when lines were skipped: stderr says which); 2 bad input.`,
			Example: `  atril lexicon add FILE2017 ~/listas/file2017.txt
  atril lexicon add FISE2 lexico-fise2.txt --strict --description "FISE-2 con 1 2 3"
  atril lexicon add FILE2017 FILE2017.kwg
  atril lexicon add --force MIS-PALABRAS nuevas.txt
  atril lexicon diff FILE2017 FILE2024 --added | atril lexicon add NUEVAS -`,
			Args: cobra.ExactArgs(2),
			ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
				if len(args) == 1 {
					return nil, cobra.ShellCompDirectiveDefault // files
				}
				return nil, cobra.ShellCompDirectiveNoFileComp
			},
			RunE: func(c *cobra.Command, args []string) error {
				opts.Name, opts.File = args[0], args[1]
				return runLexiconAdd(g, opts)
			},
		}
		f := c.Flags()
		f.BoolVar(&opts.Strict, "strict", false, "stop at the first line that is not a word (nothing is added)")
		f.StringVar(&opts.Description, "description", "", "what the lexicon is, shown by 'lexicon list' and 'lexicon info'")
		f.BoolVar(&opts.Force, "force", false, "replace a lexicon of the same name")
		return c
	})
}

func runLexiconAdd(g *Globals, opts *lexiconAddOptions) error {
	if err := registry.CheckName(opts.Name); err != nil {
		return withCode(ExitError, err)
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	var in io.Reader = g.io.In
	source := "standard input"
	if opts.File != "-" {
		f, err := os.Open(opts.File)
		if err != nil {
			return withCode(ExitError, err)
		}
		defer f.Close()
		in = f
		if source, err = filepath.Abs(opts.File); err != nil {
			source = opts.File
		}
	}
	add := registry.AddOptions{
		File: opts.File, Source: source, Description: opts.Description, Strict: opts.Strict,
		Replace: opts.Force, Tiles: ts, Now: g.io.Now(),
	}
	compiling := false
	if g.io.ErrTTY {
		add.Compiling = func(n int) {
			fmt.Fprintf(g.io.Err, "compiling %d %s...\r", n, plural(n, "word", "words"))
			compiling = true
		}
	}
	info, problems, err := g.lexiconRegistry().Add(opts.Name, in, add)
	if compiling {
		fmt.Fprint(g.io.Err, "\033[K") // the progress line goes before anything else is said
	}
	if s := problems.Summary(10); s != "" {
		fmt.Fprint(g.io.Err, "atril: "+s)
	}
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(info)
	}
	msg := fmt.Sprintf("Added lexicon %s: %d %s from %s", info.Name, info.Words, plural(info.Words, "word", "words"), opts.File)
	if info.Skipped > 0 {
		msg += fmt.Sprintf(" (%d %s skipped, listed on stderr)", info.Skipped, plural(info.Skipped, "line", "lines"))
	}
	_, err = fmt.Fprintf(g.Out(), "%s.\nUse it with --lexicon %s, or make it the default: atril lexicon use %s\n", msg, info.Name, info.Name)
	return err
}
