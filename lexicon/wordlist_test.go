package lexicon

import (
	"errors"
	"strings"
	"testing"
)

func TestReadWordList(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	cases := []struct {
		name     string
		input    string
		words    []string // Notation of the good words, in order
		problems []string // "line: reason substring"
	}{
		{"plain and greedy digraphs", "casa\nCHARRO\nllama\n", []string{"CASA", "[CH]A[RR]O", "[LL]AMA"}, nil},
		{"brackets and FISE digits", "[C][H]ICO\n1ICO\n2AMA\npe3o\n", []string{"[C]HICO", "[CH]ICO", "[LL]AMA", "PE[RR]O"}, nil},
		{"accents, case, CRLF, BOM, blanks, comments", "\ufeffÁrbol\r\n\r\n# comment\n  pingüino  \nÑandú\n", []string{"ARBOL", "PINGUINO", "ÑANDU"}, nil},
		{"Latin-1", "\xe1rbol\nca\xf1a\n", []string{"ARBOL", "CAÑA"}, nil},
		{"bad lines", "casa\nkilo\na\nxx yy\nabcdefghijlmnopq\nwhisky\nch\nzorro\n",
			[]string{"CASA", "ZO[RR]O"},
			[]string{"2: K is not a letter of the fise set; expected one word a line", "3: 1 tile, expected a word of 2 to 15 tiles",
				"4: ' ' is not a letter", "5: 16 tiles, expected a word of 2 to 15 tiles", "6: W is not a letter", "7: 1 tile"}},
		{"length counts tiles, not letters", "chachachachachacha\nchachachachachachachachacha\nrr\n", []string{"[CH]A[CH]A[CH]A[CH]A[CH]A[CH]A"}, []string{"2: 18 tiles", "3: 1 tile"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wl, err := ReadWordList(strings.NewReader(tc.input), "list.txt", ts, false)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range wl.Words {
				got = append(got, ts.Notation(w))
			}
			if strings.Join(got, " ") != strings.Join(tc.words, " ") {
				t.Errorf("words %v, want %v", got, tc.words)
			}
			if len(wl.Problems) != len(tc.problems) {
				t.Fatalf("problems %v, want %d", wl.Problems, len(tc.problems))
			}
			for i, p := range wl.Problems {
				line, reason, _ := strings.Cut(tc.problems[i], ": ")
				if !strings.HasPrefix(p.Error(), "list.txt:"+line+": ") || !strings.Contains(p.Error(), reason) {
					t.Errorf("problem %d = %q, want line %s and %q", i, p.Error(), line, reason)
				}
			}
		})
	}
}

func TestReadWordListStrict(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	wl, err := ReadWordList(strings.NewReader("casa\nperro\nkilo\nwhisky\n"), "l.txt", ts, true)
	if err == nil || wl != nil {
		t.Fatalf("strict read of a bad list = %v, %v; want an error", wl, err)
	}
	if want := `l.txt:3: K is not a letter of the fise set; expected one word a line, letters of the fise set (got "kilo") (stopped at the first line`; !strings.Contains(err.Error(), want) || !errors.Is(err, ErrStrictStop) {
		t.Errorf("err = %v\nwant it to contain %s", err, want)
	}
	if _, err := ReadWordList(strings.NewReader("casa\nperro\n"), "l.txt", ts, true); err != nil {
		t.Errorf("strict read of a good list: %v", err)
	}
}

func TestWordListSummary(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	var in strings.Builder
	for range 14 {
		in.WriteString("kilo\n")
	}
	in.WriteString("casa\n")
	wl, err := ReadWordList(strings.NewReader(in.String()), "k.txt", ts, false)
	if err != nil {
		t.Fatal(err)
	}
	s := wl.Summary(3)
	for _, want := range []string{"skipped 14 lines", "k.txt:1:", "k.txt:3:", "... and 11 more"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "k.txt:4:") {
		t.Errorf("summary shows more than 3 reasons:\n%s", s)
	}
	one, _ := ReadWordList(strings.NewReader("casa\nkilo\n"), "o.txt", ts, false)
	if s := one.Summary(3); !strings.HasPrefix(s, "skipped 1 line that is not a word of 2 to 15 tiles:\n") {
		t.Errorf("summary of one bad line = %q", s)
	}
	good, _ := ReadWordList(strings.NewReader("casa\n"), "g.txt", ts, false)
	if good.Summary(3) != "" {
		t.Errorf("summary of a clean list = %q", good.Summary(3))
	}
}
