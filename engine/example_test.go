package engine_test

import (
	"fmt"
	"log"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

// A program that uses atril's engine as a library: it reads a position written in CGP, lists
// the best plays of the player to move, and checks and scores one play as the FILE rules
// count it. The engine packages do not embed a word list; this program opens the one atril
// ships (lexicon/registry embeds it), but any KWG graph will do (lexicon.ReadKWG, BuildKWG).
func Example() {
	ts := lexicon.DefaultTileSet() // the FISE/FILE tournament set: 100 tiles, CH LL RR
	noEnv := func(string) string { return "" }
	lex, err := registry.New(noEnv).Open(lexicon.DefaultName, ts)
	if err != nil {
		log.Fatal(err)
	}

	// CASA across the centre; the player to move holds Z O RR A J S (RR is one tile).
	pos, err := engine.ParseCGP("15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 ZORRAJS/ 0/0 0", ts, engine.StandardLayout())
	if err != nil {
		log.Fatal(err)
	}

	// The three best plays by score.
	gen := movegen.New(lex.Graph, ts, pos.Board.Layout)
	gen.SetBoard(pos.Board)
	for _, m := range gen.Generate(pos.Racks[0], movegen.Options{Top: 3, By: movegen.ByScore}) {
		fmt.Printf("%-18s %s %d\n", engine.FormatMove(&m, pos.Board, ts), engine.FormatWord(&m, pos.Board, ts), m.Score)
	}

	// One play, written as a player writes it (ARROZ: A RR O Z), checked against the rules and
	// the lexicon, with each word's count and the position after it.
	play, err := engine.ParseMove("7F ARROZ", pos.Board, ts)
	if err != nil {
		log.Fatal(err)
	}
	v := engine.Check(pos.Board, &play, ts, lex, pos.Racks[0])
	fmt.Println("legal:", v.Legal, "score:", v.Score)
	for _, w := range v.Words {
		fmt.Println(ts.Word(w.Tiles), "=", w.Arithmetic(ts))
	}
	fmt.Println(pos.After(&v.Move).CGP())
	// Output:
	// K5 JA[RR](A)ZOS    JARRAZOS 120
	// 7F A[RR]OZ         ARROZ 63
	// K7 J(A)[RR]AZOS    JARRAZOS 60
	// legal: true score: 63
	// ARROZ = A1 RR8x2 O1 Z10x2 = 38
	// OC = O1 C3 = 4
	// ZA = Z10x2 A1 = 21
	// 15/15/15/15/15/15/5A[RR]OZ6/7CASA4/15/15/15/15/15/15/15 /JS 0/63 0 ld spanish;
}
