package lexicon

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Bad input read with limits: each case ends with an error naming the file (and line), never
// with unbounded memory or a bufio message.

func TestParseTileSetLongLineNamesFileAndLine(t *testing.T) {
	t.Parallel()
	text := "A,12,1,true\nB,2,3,false\n" + strings.Repeat("x", 70*1024) + "\n"
	_, err := ParseTileSet("x", "big.csv", strings.NewReader(text))
	if err == nil || !strings.Contains(err.Error(), "big.csv:3: line longer than 64 KB") || strings.Contains(err.Error(), "bufio") {
		t.Errorf("error %v, want big.csv:3: line longer than 64 KB", err)
	}
	// An endless stream of NUL bytes (/dev/zero) ends at once.
	_, err = ParseTileSet("z", "/dev/zero", zeros{})
	if err == nil || !strings.Contains(err.Error(), "/dev/zero:1: line longer than 64 KB") {
		t.Errorf("/dev/zero: %v", err)
	}
	// Endless short comment lines stop at 1 MB.
	_, err = ParseTileSet("c", "comments.csv", repeat("#\n"))
	if err == nil || !strings.Contains(err.Error(), "comments.csv: more than 1 MB") {
		t.Errorf("endless comments: %v", err)
	}
}

func TestReadWordListLimits(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	_, err := ReadWordList(zeros{}, "/dev/zero", ts, false)
	if err == nil || !strings.Contains(err.Error(), "/dev/zero:1: line longer than 1 MB") {
		t.Errorf("/dev/zero: %v", err)
	}
	// Mostly lines that are not words: refused once 10,000 of them outnumber the words.
	_, err = ReadWordList(repeat("kiwi\n"), "english.txt", ts, false)
	if err == nil || !strings.Contains(err.Error(), "english.txt: 10000 of the first 10000 lines are not words of the fise set") {
		t.Errorf("endless non-words: %v", err)
	}
	// A list of words bigger than the limit.
	defer func(n int64) { maxListBytes = n }(maxListBytes)
	maxListBytes = 1 << 16
	_, err = ReadWordList(repeat("casa\n"), "endless.txt", ts, false)
	if err == nil || !strings.Contains(err.Error(), "endless.txt: more than 64 KB") {
		t.Errorf("endless words: %v", err)
	}
	wl, err := ReadWordList(strings.NewReader(strings.Repeat("casa\n", 1000)), "fits.txt", ts, false)
	if err != nil || len(wl.Words) != 1000 {
		t.Errorf("a list under the limit: %v", err)
	}
}

// zeros is /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// repeat is an endless stream of s.
func repeat(s string) io.Reader { return &repeater{s: s} }

type repeater struct {
	s   string
	off int
}

func (r *repeater) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.s[r.off:])
		n += c
		r.off = (r.off + c) % len(r.s)
	}
	return n, nil
}

// TestDecomposedAccents: text from a Mac or a PDF spells accented letters as a letter and a
// combining mark; it reads as the composed text does, Ñ included.
func TestDecomposedAccents(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	for _, tc := range []struct{ in, want string }{
		{"camio\u0301n", "CAMION"},
		{"CAMIO\u0301N", "CAMION"},
		{"n\u0303andu\u0301", "ÑANDU"},
		{"pingu\u0308ino", "PINGUINO"},
		{"cami\u00f3n", "CAMION"},
	} {
		w, err := ts.ParseWord(tc.in)
		if err != nil || ts.Word(w) != tc.want {
			t.Errorf("ParseWord(%+q) = %s, %v; want %s", tc.in, ts.Word(w), err, tc.want)
		}
	}
	wl, err := ReadWordList(strings.NewReader("camio\u0301n\nn\u0303u\ncan\u0303a\n"), "mac.txt", ts, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := spell(ts, wl.Words); got != "CAMION ÑU CAÑA" {
		t.Errorf("decomposed list read as %s", got)
	}
}

// TestLongWordsNeverPanic: a word of 65 tiles or more (past every query buffer) gets no rank
// and no panic; queries refuse it with the message search gives.
func TestLongWordsNeverPanic(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	ts := l.Tiles
	for _, n := range []int{15, 16, 63, 64, 65, 100, 300} {
		w := mustParse(t, ts, strings.Repeat("A", n))
		if r, _ := l.Rank(w); r != 0 {
			t.Errorf("Rank of %d A = %d", n, r)
		}
		l.Hooks(w)
		l.Anagrams(w)
		ts.Probability(w)
		err := CheckQueryTiles(w)
		if (err != nil) != (n > MaxQueryTiles) {
			t.Errorf("CheckQueryTiles(%d tiles) = %v", n, err)
		}
		if n > MaxQueryTiles {
			_, serr := ParseSearch("prefix:"+strings.Repeat("A", n), ts)
			if serr == nil || !strings.Contains(serr.Error(), err.Error()) {
				t.Errorf("search prefix of %d tiles: %v, want it to say %v", n, serr, err)
			}
		}
	}
}

// TestRankTablesLiveWithTheLexicon: the rank tables are the lexicon's, freed with it, not kept
// by the process for ever.
func TestRankTablesLiveWithTheLexicon(t *testing.T) {
	t.Parallel()
	freed := make(chan struct{})
	func() {
		l := buildLexicon(t, smallWords...)
		if r, _ := l.Rank(mustParse(t, l.Tiles, "CASA")); r == 0 {
			t.Fatal("CASA has no rank")
		}
		runtime.SetFinalizer(l.rankCache.tables[4], func(*rankTable) { close(freed) })
	}()
	for range 50 {
		runtime.GC()
		select {
		case <-freed:
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Error("the rank table of a dropped lexicon was never freed")
}

// TestSpanishSearchKeys: the search keys and orders also read in Spanish; the text form stays
// the canonical English one.
func TestSpanishSearchKeys(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	q, err := ParseSearch("patrón:CA* longitud:4-5 vocales:2 puesto:1-100 orden:-probabilidad dígrafo:no", ts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.String(), "pattern:CA* length:4-5 vowels:2 rank:1-100 order:-probabilidad digraph:no"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if q.Order != OrderProbability || !q.Reverse {
		t.Errorf("orden:-probabilidad = %v reverse %t", q.Order, q.Reverse)
	}
}

// TestLexiconErrorsInSpanish: the package's errors are catalogue errors, written in the
// reader's language.
func TestLexiconErrorsInSpanish(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	es := i18n.For(i18n.Spanish)
	_, err := ParseSearch("longitud:8-7", ts)
	if got := es.Err(err); got != `término de búsqueda "longitud:8-7": el intervalo "8-7" está vacío (8 es más que 7)` {
		t.Errorf("range error in Spanish: %q", got)
	}
	_, err = ReadWordList(strings.NewReader("casa\nkilo\n"), "l.txt", ts, true)
	if got := es.Err(err); !strings.HasPrefix(got, `l.txt:2: K no es una letra del juego de fichas fise; se esperaba una palabra por línea`) || !errors.Is(err, ErrStrictStop) {
		t.Errorf("strict error in Spanish: %q", got)
	}
	wl, _ := ReadWordList(strings.NewReader("casa\nkilo\nwhisky\n"), "l.txt", ts, false)
	if got := wl.Problems.Report(es, 1); got != "se omitieron 2 líneas que no son palabras de 2 a 15 fichas:\n  l.txt:2: K no es una letra del juego de fichas fise; se esperaba una palabra por línea, con letras del juego de fichas fise (se leyó \"kilo\")\n  ... y 1 más\n" {
		t.Errorf("report in Spanish: %q", got)
	}
	if _, err := KWGFromBytes([]byte{1, 2, 3}); es.Err(err) != "no es un grafo de palabras KWG: 3 bytes no son un número entero de nodos de 4 bytes" {
		t.Errorf("graph error in Spanish: %q", es.Err(err))
	}
}
