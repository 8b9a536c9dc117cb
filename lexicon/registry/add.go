package registry

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/lexicon"
)

// AddOptions says how Registry.Add reads a lexicon's source.
type AddOptions struct {
	File        string           // as the user named it ("-" for standard input): messages, and a .kwg suffix
	Source      string           // recorded in the metadata (an absolute path, "standard input")
	Description string           // shown by `lexicon list` and `lexicon info`
	Strict      bool             // the first line that is not a word stops the add; nothing is stored
	Replace     bool             // a lexicon of the same name (any case) is replaced
	Tiles       *lexicon.TileSet // a word list's alphabet; a .kwg is numbered by the default Spanish set
	Now         time.Time
	// Compiling is called, when not nil, before a word list of n words is compiled (seconds for a
	// full list): where a command shows progress.
	Compiling func(n int)
}

// Add reads a word list (any spelling ParseWord reads, one word a line) or a .kwg word graph (a
// File ending in .kwg, or input with NUL bytes, which a list never has), checks it, and stores it
// as lexicon name. It returns the stored metadata and the list's skipped lines (the caller must
// show them: a list never half-loads silently). Nothing is stored on error.
func (r *Registry) Add(name string, in io.Reader, opt AddOptions) (lexicon.Info, lexicon.ListProblems, error) {
	if err := r.needDir(); err != nil {
		return lexicon.Info{}, nil, err
	}
	if err := CheckName(name); err != nil {
		return lexicon.Info{}, nil, err
	}
	// Before reading: standard input may be long, or a terminal.
	if _, _, exists := r.find(name); exists && !opt.Replace {
		return lexicon.Info{}, nil, fmt.Errorf("lexicon %q already exists (use --force to replace it)", name)
	}
	info := lexicon.Info{Name: name, Description: opt.Description, Source: opt.Source, Added: opt.Now.UTC()}
	br := bufio.NewReaderSize(in, 64*1024)
	head, _ := br.Peek(512)
	var (
		graph    *lexicon.KWG
		problems lexicon.ListProblems
	)
	if strings.HasSuffix(strings.ToLower(opt.File), ".kwg") || bytes.IndexByte(head, 0) >= 0 {
		b, err := io.ReadAll(br)
		if err != nil {
			return lexicon.Info{}, nil, fmt.Errorf("%s: %w", opt.File, err)
		}
		if graph, err = graphForAdd(opt.File, b); err != nil {
			return lexicon.Info{}, nil, err
		}
		info.Alphabet = lexicon.DefaultTileSet().Labels()
	} else {
		ts := opt.Tiles
		if ts == nil {
			ts = lexicon.DefaultTileSet()
		}
		wl, err := lexicon.ReadWordList(br, opt.File, ts, opt.Strict)
		if err != nil {
			return lexicon.Info{}, nil, err
		}
		if len(wl.Words) == 0 {
			return lexicon.Info{}, wl.Problems, fmt.Errorf("%s: no words (lines read: %d; expected one word a line)", opt.File, wl.Lines)
		}
		if opt.Compiling != nil {
			opt.Compiling(len(wl.Words))
		}
		if graph, err = lexicon.BuildKWG(wl.Words); err != nil {
			return lexicon.Info{}, wl.Problems, fmt.Errorf("%s: %w", opt.File, err)
		}
		info.Alphabet, info.Skipped, problems = ts.Labels(), len(wl.Problems), wl.Problems
	}
	graph.Walk(func([]lexicon.Tile) bool { info.Words++; return true })
	if err := r.Put(info, graph, opt.Replace); err != nil {
		return lexicon.Info{}, problems, err
	}
	return info, problems, nil
}

// graphForAdd reads a graph and checks that its tiles are letters of the Spanish numbering and
// that it holds words.
func graphForAdd(file string, b []byte) (*lexicon.KWG, error) {
	graph, err := lexicon.KWGFromBytes(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (a word list must be text, one word a line)", file, err)
	}
	if err := graph.Validate(lexicon.Tile(lexicon.DefaultTileSet().NumLetters())); err != nil {
		return nil, fmt.Errorf("%s: %w (a .kwg must number tiles in the Spanish order: see --help)", file, err)
	}
	empty := true
	graph.Walk(func([]lexicon.Tile) bool { empty = false; return false })
	if empty {
		return nil, fmt.Errorf("%s: the word graph holds no words", file)
	}
	return graph, nil
}
