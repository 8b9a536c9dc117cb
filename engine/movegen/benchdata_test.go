package movegen

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// The side-by-side comparison with other engines (MAGPIE, macondo) runs their drivers on the
// same positions with the same leave table as the benchmarks here. TestWriteBenchData writes
// both when ATRIL_BENCH_OUT names a directory (outside the repository: the positions come from
// FILE2017 games):
//
//	ATRIL_BENCH_OUT=/tmp/bench go test ./engine/movegen -run TestWriteBenchData
//
// positions.cgp holds the FILE2017 midgame positions of the benchmarks, one CGP a line (the
// player to move first, "lex FILE2017;"); leaves.klv2 is benchLeaves as a KLV2 file;
// top-equity.txt has each position's top play by equity with that table (exchanges allowed).
func TestWriteBenchData(t *testing.T) {
	t.Parallel()
	dir := os.Getenv("ATRIL_BENCH_OUT")
	if dir == "" {
		t.Skip("ATRIL_BENCH_OUT not set")
	}
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	ps := midgamePositions(t, file2017(t), ts, layout, benchGames)
	var sb strings.Builder
	for _, p := range ps {
		pos := engine.Position{Board: p.board, Tiles: ts, Racks: [2][]lexicon.Tile{p.rack, nil},
			Opcodes: []engine.Opcode{{Name: "lex", Args: "FILE2017"}, {Name: "ld", Args: "spanish"}}}
		sb.WriteString(pos.CGP() + "\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "positions.cgp"), []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	klv, raw := benchLeaves(t)
	if err := os.WriteFile(filepath.Join(dir, "leaves.klv2"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	// Each position's top play by equity, to check the other engines read the same table.
	var top strings.Builder
	g := New(file2017(t), ts, layout)
	for i, p := range ps {
		m := g.load(p.board).Generate(p.rack, Options{Top: 1, By: ByEquity, Leaves: klv, Exchanges: engine.RackSize, Pass: true})[0]
		fmt.Fprintf(&top, "%d\t%s\t%.3f\n", i, engine.FormatMove(&m, p.board, ts), m.Equity)
	}
	if err := os.WriteFile(filepath.Join(dir, "top-equity.txt"), []byte(top.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d positions, %d-byte leave table", len(ps), len(raw))
}

// benchGames seeded games give the benchmark positions (turns 6 to 12 of each: 70 positions).
const benchGames = 10

var (
	benchKLVOnce sync.Once
	benchKLV     *equity.KLV
	benchKLVRaw  []byte
	benchKLVErr  error
)

// benchLeaves is the leave table of the equity benchmarks: every leave of 1 to 6 tiles the
// FISE set allows, valued by the built-in model (equity.Default), as a KLV2 table so that atril
// reads the same file as the other engines. ATRIL_BENCH_KLV names another KLV2 file to use.
func benchLeaves(tb testing.TB) (*equity.KLV, []byte) {
	benchKLVOnce.Do(func() {
		if path := os.Getenv("ATRIL_BENCH_KLV"); path != "" {
			benchKLVRaw, benchKLVErr = os.ReadFile(path)
		} else {
			ts := lexicon.DefaultTileSet()
			d := equity.NewDefault(ts)
			var leaves []equity.Leave
			var cur []lexicon.Tile
			var walk func(t int)
			walk = func(t int) {
				if len(cur) > 0 {
					leaves = append(leaves, equity.Leave{Tiles: append([]lexicon.Tile(nil), cur...), Value: float32(d.LeaveValue(cur))})
				}
				if len(cur) == engine.RackSize-1 {
					return
				}
				for u := t; u < ts.Size(); u++ {
					n := 0
					for _, x := range cur {
						if x == lexicon.Tile(u) {
							n++
						}
					}
					if n < ts.Count(lexicon.Tile(u)) {
						cur = append(cur, lexicon.Tile(u))
						walk(u)
						cur = cur[:len(cur)-1]
					}
				}
			}
			walk(0)
			var buf bytes.Buffer
			benchKLVErr = equity.WriteKLV(&buf, leaves)
			benchKLVRaw = buf.Bytes()
		}
		if benchKLVErr == nil {
			benchKLV, benchKLVErr = equity.KLVFromBytes(benchKLVRaw)
		}
	})
	if benchKLVErr != nil {
		tb.Fatal(benchKLVErr)
	}
	return benchKLV, benchKLVRaw
}
