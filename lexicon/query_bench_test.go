package lexicon

import (
	"strings"
	"testing"
)

// benchLexicons are the lexicons query benchmarks run on: the embedded default when it opens,
// and the reference FILE2017.kwg when it is beside the project (tests and comparisons only).
func benchLexicons(b *testing.B) map[string]*Lexicon {
	ts := DefaultTileSet()
	out := map[string]*Lexicon{}
	if l, err := openDefault(); err == nil {
		out["default"] = l
	}
	if g, err := ReadKWGFile(file2017Path); err == nil {
		out["FILE2017"] = &Lexicon{Name: "FILE2017", Tiles: ts, Graph: g}
	}
	if len(out) == 0 {
		b.Skip("neither the embedded default nor FILE2017.kwg is available")
	}
	return out
}

func BenchmarkQueries(b *testing.B) {
	for name, l := range benchLexicons(b) {
		ts := l.Tiles
		rack9, _ := ts.ParseRack("AEINRST??") // 7 tiles + 2 blanks
		rack7, _ := ts.ParseRack("AEIRS??")   // a 7-tile rack holding 2 blanks
		b.Run(name+"/anagram-7+2blanks", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.Anagrams(rack9)
			}
		})
		b.Run(name+"/anagram-rack7-2blanks", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.Anagrams(rack7)
			}
		})
		b.Run(name+"/subanagram-7+2blanks", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.Subanagrams(rack9, 2)
			}
		})
		p, _ := ParsePattern("*[CHLL]?[AEIOU]*S", ts)
		b.Run(name+"/pattern", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.Match(p)
			}
		})
		suffix, _ := ParsePattern("*CION", ts)
		b.Run(name+"/pattern-suffix", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.Match(suffix)
			}
		})
		word, _ := ts.ParseWord("CASA")
		b.Run(name+"/hooks", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.Hooks(word)
			}
		})
		b.Run(name+"/rank-table-7", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.buildRankTable(7)
			}
		})
		b.Run(name+"/rank-tables-2-15", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for n := 2; n <= 15; n++ {
					l.buildRankTable(n)
				}
			}
		})
		// Cold: the rank table for sevens is rebuilt each time, as in a fresh process.
		q, _ := ParseSearch("length:7 top:1000", ts)
		b.Run(name+"/top1000-sevens-cold", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.forgetRanks()
				if rs, err := l.Search(q); err != nil || len(rs) != 1000 {
					b.Fatal(len(rs), err)
				}
			}
		})
		// top:N over every length, cold: only the tables that can hold a top word get built.
		for _, src := range []string{"top:5", "top:1000", "top:20 points:25-"} {
			q, _ := ParseSearch(src, ts)
			b.Run(name+"/"+strings.ReplaceAll(src, " ", "_")+"-any-length-cold", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					l.forgetRanks()
					if rs, err := l.Search(q); err != nil || len(rs) != q.Top {
						b.Fatal(len(rs), err)
					}
				}
			})
		}
		b.Run(name+"/top1000-sevens-warm", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.Search(q)
			}
		})
	}
}
