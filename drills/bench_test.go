package drills

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// Making a drill's questions on the embedded default lexicon (rank tables are built on first use
// and cached per process: the first iteration pays for them).
func BenchmarkQuestions(b *testing.B) {
	lex := defaultLexicon(b)
	for _, bc := range []struct {
		name string
		make func(seed uint64) ([]Question, error)
	}{
		{"anagram7-top1000", func(s uint64) ([]Question, error) {
			return Anagram(lex, AnagramOptions{Count: 20, Seed: s, Length: 7, MaxRank: 1000})
		}},
		{"anagram8-blank", func(s uint64) ([]Question, error) {
			return Anagram(lex, AnagramOptions{Count: 20, Seed: s, Length: 8, MaxRank: 1000, Blanks: 1})
		}},
		{"build7-min5", func(s uint64) ([]Question, error) {
			return Build(lex, BuildOptions{Count: 20, Seed: s, RackLen: 7, MinLen: 5, MaxAnswers: 30})
		}},
		{"judge2-8", func(s uint64) ([]Question, error) {
			return Judge(lex, JudgeOptions{Count: 20, Seed: s, Words: WordRange{MinLen: 2, MaxLen: 8}, RackShare: 0.2})
		}},
		{"digraphs", func(s uint64) ([]Question, error) {
			return Digraphs(lex, DigraphOptions{Count: 20, Seed: s, MinLen: 2, MaxLen: 5})
		}},
		{"twos", func(s uint64) ([]Question, error) { return Twos(lex, TwosOptions{Count: 20, Seed: s}) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				if _, err := bc.make(seed); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// One answered question through the runner: read the line, judge it, commit it to a real
// SQLite file (synchronous FULL, as shipped), write the feedback.
func BenchmarkAnswer(b *testing.B) {
	lex := defaultLexicon(b)
	st, err := studystore.Open(filepath.Join(b.TempDir(), "bench.db"), studystore.Options{Now: time.Now})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	rec, err := StartSession(st, KindTwos, lex.Name, 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	qs, err := Twos(lex, TwosOptions{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	n := b.N
	asked := make([]Question, n)
	for i := range asked {
		asked[i] = qs[i%len(qs)]
	}
	r := &Runner{In: strings.NewReader(strings.Repeat("y\n", n)), Out: io.Discard, Lex: lex, Now: time.Now, Recorder: rec}
	b.ResetTimer()
	sum, err := r.Run(context.Background(), asked)
	if err != nil || sum.Answered != n {
		b.Fatal(sum, err)
	}
}
