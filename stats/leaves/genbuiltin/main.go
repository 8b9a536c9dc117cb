// Command genbuiltin learns atril's built-in leave table (data/leaves) on the embedded default
// lexicon, FISE2-LIBRE, and writes it as KLV2. Its defaults are the settings the shipped table
// was made with (data/leaves/PROVENANCE.md); `atril leaves learn` is the same library call for
// users' own lexicons.
//
//	go run ./stats/leaves/genbuiltin -out data/leaves/FISE2-LIBRE.klv2 -checkpoint /tmp/builtin.ckpt
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
	"github.com/atril-scrabble/atril/stats/leaves"
)

// The shipped table's settings.
const (
	Games       = 100_000
	Generations = 4
	Seed        = 2026
)

func main() {
	games := flag.Int("games", Games, "games per generation")
	gens := flag.Int("generations", Generations, "generations")
	seed := flag.Uint64("seed", Seed, "seed")
	workers := flag.Int("workers", 0, "workers (0: one per CPU; the table is the same for any number)")
	out := flag.String("out", "data/defaultleaves/"+lexicon.DefaultName+".klv2", "KLV2 file to write")
	from := flag.String("from", "", "generation 0's table (builtin, handset, none or a KLV2 path; default handset)")
	ckpt := flag.String("checkpoint", "", "checkpoint file (saved every minute)")
	resume := flag.Bool("resume", false, "go on from -checkpoint")
	flag.Parse()
	if err := run(*games, *gens, *seed, *workers, *out, *from, *ckpt, *resume); err != nil {
		fmt.Fprintln(os.Stderr, "genbuiltin:", err)
		os.Exit(1)
	}
}

func run(games, gens int, seed uint64, workers int, out, from, ckpt string, resume bool) error {
	lex, err := registry.New(func(string) string { return "" }).Open(lexicon.DefaultName, lexicon.DefaultTileSet())
	if err != nil {
		return err
	}
	o := leaves.LearnOptions{Lexicon: lex, Games: games, Generations: gens, Seed: seed, Workers: workers,
		Checkpoint: ckpt, Resume: resume}
	if from != "" {
		if o.From, err = leavetable.Table(from, lex.Tiles); err != nil {
			return err
		}
	}
	o.Progress = func(p leaves.Progress) {
		fmt.Fprintf(os.Stderr, "\rgeneration %d/%d %s: %d/%d games, %.0f games/s, ETA %s   ", p.Generation, p.Generations, p.Phase,
			p.Games, p.GamesTotal, p.GamesPerSec, p.ETA.Round(time.Second))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	res, err := leaves.Learn(ctx, o)
	fmt.Fprintln(os.Stderr)
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := res.WriteKLV(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	js, _ := json.MarshalIndent(res.Reports, "", "  ")
	fmt.Printf("%s: %d leaves, %d generations of %d games, seed %d, in %s\n%s\n", out, len(res.Values), gens, games, seed,
		time.Since(start).Round(time.Second), js)
	return nil
}
