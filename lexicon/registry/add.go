package registry

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"time"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
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

// maxKWGBytes is the largest graph the KWG format can address (2^22 nodes of 4 bytes).
const maxKWGBytes = 4 << 22

// Add reads a word list (any spelling ParseWord reads, one word a line; UTF-8, Latin-1 or UTF-16)
// or a .kwg word graph (a File ending in .kwg, or input whose first bytes are a graph's two root
// nodes), checks it, and stores it as lexicon name. Input that is neither (binary data, such as
// /dev/zero) is refused before it is read whole. It returns the stored metadata and the list's
// skipped lines (the caller must show them: a list never half-loads silently). Nothing is stored
// on error.
func (r *Registry) Add(name string, in io.Reader, opt AddOptions) (lexicon.Info, lexicon.ListProblems, error) {
	if err := r.needDir(); err != nil {
		return lexicon.Info{}, nil, err
	}
	if err := CheckName(name); err != nil {
		return lexicon.Info{}, nil, err
	}
	// Before reading: standard input may be long, or a terminal.
	if _, _, exists := r.find(name); exists && !opt.Replace {
		return lexicon.Info{}, nil, &ExistsError{Name: name}
	}
	info := lexicon.Info{Name: name, Description: opt.Description, Source: opt.Source, Added: opt.Now.UTC()}
	br := bufio.NewReaderSize(in, 64*1024)
	head, _ := br.Peek(512)
	kind := sniff(head)
	if strings.HasSuffix(strings.ToLower(opt.File), ".kwg") {
		kind = looksKWG
	}
	var (
		graph    *lexicon.KWG
		problems lexicon.ListProblems
	)
	switch kind {
	case looksBinary:
		return lexicon.Info{}, nil, i18n.E("registry.binary", "File", opt.File)
	case looksKWG:
		b, err := fileio.ReadAll(br, opt.File, maxKWGBytes)
		if errors.As(err, new(*fileio.TooBigError)) {
			return lexicon.Info{}, nil, i18n.E("registry.kwg_too_big", "File", fileio.Name(opt.File), "Max", "16 MB")
		}
		if err != nil {
			return lexicon.Info{}, nil, i18n.Wrap(err, "registry.in_file", "File", fileio.Name(opt.File))
		}
		if graph, err = graphForAdd(opt.File, b); err != nil {
			return lexicon.Info{}, nil, textNamedKWG(err, head)
		}
		info.Alphabet = lexicon.DefaultTileSet().Labels()
	default:
		var text io.Reader = br
		if kind == looksUTF16LE || kind == looksUTF16BE {
			order := unicode.LittleEndian
			if kind == looksUTF16BE {
				order = unicode.BigEndian
			}
			// The BOM, when there is one, wins over the guess.
			text = transform.NewReader(br, unicode.BOMOverride(unicode.UTF16(order, unicode.IgnoreBOM).NewDecoder()))
		}
		ts := opt.Tiles
		if ts == nil {
			ts = lexicon.DefaultTileSet()
		}
		wl, err := lexicon.ReadWordList(text, opt.File, ts, opt.Strict)
		if err != nil {
			return lexicon.Info{}, nil, err
		}
		if len(wl.Words) == 0 {
			return lexicon.Info{}, wl.Problems, i18n.E("registry.no_words", "File", opt.File, "Lines", wl.Lines)
		}
		if opt.Compiling != nil {
			opt.Compiling(len(wl.Words))
		}
		if graph, err = lexicon.BuildKWG(wl.Words); err != nil {
			return lexicon.Info{}, wl.Problems, i18n.Wrap(err, "registry.in_file", "File", opt.File)
		}
		info.Alphabet, info.Skipped, problems = ts.Labels(), len(wl.Problems), wl.Problems
	}
	graph.Walk(func([]lexicon.Tile) bool { info.Words++; return true })
	if err := r.Put(info, graph, opt.Replace); err != nil {
		return lexicon.Info{}, problems, err
	}
	return info, problems, nil
}

// inputKind is what the first bytes of an added file look like.
type inputKind int

const (
	looksText inputKind = iota // UTF-8 or Latin-1 (a stray NUL is a bad line, not a graph)
	looksUTF16LE
	looksUTF16BE
	looksKWG    // a KWG's two root nodes: tile 0, last of their list
	looksBinary // neither text nor a graph
)

// sniff tells a word list from a word graph by its first bytes. A graph starts with two root
// nodes whose tile byte is 0 and whose "is end" bit is set; UTF-16 text has a BOM or a NUL in
// every other byte; text has few control characters; anything else is binary.
func sniff(head []byte) inputKind {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return looksUTF16LE
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return looksUTF16BE
	}
	if bytes.IndexByte(head, 0) < 0 {
		return looksText
	}
	if n := len(head) &^ 1; n >= 4 {
		nulEven, nulOdd, textEven, textOdd := 0, 0, 0, 0
		for i := 0; i < n; i += 2 {
			if head[i] == 0 {
				nulEven++
			} else if isTextByte(head[i]) {
				textEven++
			}
			if head[i+1] == 0 {
				nulOdd++
			} else if isTextByte(head[i+1]) {
				textOdd++
			}
		}
		pairs := n / 2
		switch {
		case nulOdd*10 >= pairs*9 && textEven*10 >= pairs*9:
			return looksUTF16LE
		case nulEven*10 >= pairs*9 && textOdd*10 >= pairs*9:
			return looksUTF16BE
		}
	}
	if len(head) >= 8 && head[3] == 0 && head[7] == 0 && head[2]&0x40 != 0 && head[6]&0x40 != 0 {
		return looksKWG
	}
	control := 0
	for _, c := range head {
		if !isTextByte(c) {
			control++
		}
	}
	if control > 1 && control*10 > len(head) { // more than 10%: not a text someone typed
		return looksBinary
	}
	return looksText
}

// textNamedKWG adds to the error of a file named .kwg that is not a graph what the file looks
// like when it looks like a word list: someone named a text file .kwg. head is its first bytes.
func textNamedKWG(err error, head []byte) error {
	if len(head) == 0 { // a missing or empty file looks like nothing
		return err
	}
	switch sniff(head) {
	case looksText:
		letters := 0
		for _, c := range head {
			if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '\n' || c == '\r' {
				letters++
			}
		}
		if letters*10 >= len(head)*7 { // not just any bytes without a NUL
			return i18n.Wrap(err, "registry.kwg_is_text")
		}
	case looksUTF16LE, looksUTF16BE:
		return i18n.Wrap(err, "registry.kwg_is_utf16")
	}
	return err
}

// fileHead is a file's first bytes, for sniff; nil when it cannot be read.
func fileHead(path string) []byte {
	f, err := fileio.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return head[:n]
}

// isTextByte is a byte a text file holds: printable, a tab or a line end.
func isTextByte(c byte) bool { return c >= 0x20 && c != 0x7F || c == '\t' || c == '\n' || c == '\r' }

// graphForAdd reads a graph and checks that its tiles are letters of the Spanish numbering and
// that it holds words.
func graphForAdd(file string, b []byte) (*lexicon.KWG, error) {
	graph, err := lexicon.KWGFromBytes(b)
	if err != nil {
		return nil, i18n.Wrap(err, "registry.not_kwg", "File", file)
	}
	if err := graph.Validate(lexicon.Tile(lexicon.DefaultTileSet().NumLetters())); err != nil {
		return nil, i18n.Wrap(err, "registry.kwg_alphabet", "File", file)
	}
	empty := true
	graph.Walk(func([]lexicon.Tile) bool { empty = false; return false })
	if empty {
		return nil, i18n.E("registry.kwg_empty", "File", file)
	}
	return graph, nil
}
