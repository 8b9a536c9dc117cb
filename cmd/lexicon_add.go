package cmd

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
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
	if err := lexicon.CheckName(opts.Name); err != nil {
		return withCode(ExitError, err)
	}
	store := g.lexiconStore()
	if _, err := store.Info(opts.Name); err == nil && !opts.Force {
		return withCode(ExitError, fmt.Errorf("lexicon %q already exists (use --force to replace it)", opts.Name))
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
	br := bufio.NewReaderSize(in, 64*1024)
	info := lexicon.Info{Name: opts.Name, Description: opts.Description, Source: source, Added: g.io.Now().UTC()}
	var graph *lexicon.KWG
	// A .kwg, or any file with NUL bytes (a list never has them), is read as a word graph.
	head, _ := br.Peek(512)
	if strings.HasSuffix(strings.ToLower(opts.File), ".kwg") || bytes.IndexByte(head, 0) >= 0 {
		b, err := io.ReadAll(br)
		if err != nil {
			return withCode(ExitError, fmt.Errorf("%s: %w", opts.File, err))
		}
		graph, err = kwgForAdd(opts.File, b)
		if err != nil {
			return withCode(ExitError, err)
		}
		info.Alphabet = lexicon.DefaultTileSet().Labels()
	} else {
		ts, err := g.TileSet()
		if err != nil {
			return err
		}
		graph, info.Skipped, err = compileWordList(g, opts, br, ts)
		if err != nil {
			return err
		}
		info.Alphabet = ts.Labels()
	}
	graph.Walk(func([]lexicon.Tile) bool { info.Words++; return true })
	if err := store.Add(info, graph, opts.Force); err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(info)
	}
	msg := fmt.Sprintf("Added lexicon %s: %d words from %s", info.Name, info.Words, opts.File)
	if info.Skipped > 0 {
		msg += fmt.Sprintf(" (%d lines skipped, listed on stderr)", info.Skipped)
	}
	_, err := fmt.Fprintf(g.Out(), "%s.\nUse it with --lexicon %s, or make it the default: atril lexicon use %s\n", msg, info.Name, info.Name)
	return err
}

// compileWordList reads and compiles a word list, telling stderr about every skipped line.
func compileWordList(g *Globals, opts *lexiconAddOptions, r io.Reader, ts *lexicon.TileSet) (*lexicon.KWG, int, error) {
	wl, err := lexicon.ReadWordList(r, opts.File, ts, opts.Strict)
	if err != nil {
		return nil, 0, withCode(ExitError, err)
	}
	if s := wl.Summary(10); s != "" {
		fmt.Fprint(g.io.Err, "atril: "+s)
	}
	if len(wl.Words) == 0 {
		return nil, 0, withCode(ExitError, fmt.Errorf("%s: no words in %d lines (expected one word a line)", opts.File, wl.Lines))
	}
	if g.io.ErrTTY {
		fmt.Fprintf(g.io.Err, "compiling %d words...\r", len(wl.Words))
		defer fmt.Fprint(g.io.Err, "\033[K")
	}
	graph, err := lexicon.BuildKWG(wl.Words)
	if err != nil {
		return nil, 0, withCode(ExitError, fmt.Errorf("%s: %w", opts.File, err))
	}
	return graph, len(wl.Problems), nil
}

// kwgForAdd reads a graph and checks its tiles are letters of the Spanish numbering.
func kwgForAdd(file string, b []byte) (*lexicon.KWG, error) {
	graph, err := lexicon.KWGFromBytes(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (a word list must be text, one word a line)", file, err)
	}
	if err := graph.Validate(lexicon.Tile(lexicon.DefaultTileSet().NumLetters())); err != nil {
		return nil, fmt.Errorf("%s: %w (a .kwg must number tiles in the Spanish order: see --help)", file, err)
	}
	words := 0
	graph.Walk(func([]lexicon.Tile) bool { words++; return false })
	if words == 0 {
		return nil, fmt.Errorf("%s: the word graph holds no words", file)
	}
	return graph, nil
}
