package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/atril-scrabble/atril/lexicon"
)

func main() {
	src := flag.String("src", "data/defaultlex/source", "directory of the sources")
	out := flag.String("out", "data/defaultlex", "directory to write "+lexicon.DefaultName+".kwg and .json to")
	flag.Parse()
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gendefault:", err)
		os.Exit(1)
	}
}

func run(src, out string) error {
	list, err := os.ReadFile(filepath.Join(src, SourceList))
	if err != nil {
		return err
	}
	update, err := os.ReadFile(filepath.Join(src, SourceUpdate))
	if err != nil {
		return err
	}
	kwg, info, rep, err := Generate(lexicon.DefaultTileSet(), list, update)
	if err != nil {
		return err
	}
	meta, err := MetadataJSON(info)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, lexicon.DefaultName+".kwg"), kwg, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, lexicon.DefaultName+".json"), meta, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d words (%d bytes); source %d entries, skipped %v; update +%d -%d\n",
		info.Name, info.Words, len(kwg), rep.SourceWords, rep.Skipped, len(rep.Added), len(rep.Removed))
	return nil
}
