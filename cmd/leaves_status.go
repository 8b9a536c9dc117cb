package cmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/stats/leaves"
)

// newLeavesStatusCmd makes `atril leaves status`.
func newLeavesStatusCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:     p.T("leaves.status.use"),
		Short:   p.T("leaves.status.short"),
		Long:    p.T("leaves.status.long"),
		Example: p.T("leaves.status.example"),
		Args:    cobra.ExactArgs(1),
		RunE:    func(_ *cobra.Command, args []string) error { return runLeavesStatus(g, args[0]) },
	}
}

// statusJSON is what `leaves status --json` prints.
type statusJSON struct {
	Dir         string                    `json:"dir"`
	Complete    bool                      `json:"complete"`
	Generations []leaves.GenerationStatus `json:"generations"`
	Unusable    []leaves.StatusFile       `json:"unusable"`
}

// runLeavesStatus says where the shards in dir stand; it exits ExitNo unless every generation
// found is complete.
func runLeavesStatus(g *Globals, dir string) error {
	gens, bad, err := leaves.Status(dir, g.io.Now())
	if err != nil {
		return withCode(ExitError, err)
	}
	out := statusJSON{Dir: dir, Complete: len(gens) > 0, Generations: gens, Unusable: bad}
	for _, s := range gens {
		if len(s.Missing) > 0 || len(s.Running) > 0 {
			out.Complete = false
		}
	}
	if out.Generations == nil {
		out.Generations = []leaves.GenerationStatus{}
	}
	if out.Unusable == nil {
		out.Unusable = []leaves.StatusFile{}
	}
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(statusDoc(g, &out))
	}
	if err == nil && !out.Complete {
		err = withCode(ExitNo, errSilentNo)
	}
	return err
}

func statusDoc(g *Globals, o *statusJSON) *ui.Doc {
	p := g.P
	d := ui.NewDoc()
	if len(o.Generations) == 0 {
		d.P(p.T("leaves.status.nothing", "Dir", o.Dir))
	}
	for _, s := range o.Generations {
		d.H2(p.T("leaves.status.title", "Generation", s.Generation, "Seed", s.Seed, "Lexicon", s.Lexicon, "From", s.From))
		shards := func(n int) string {
			return p.T("leaves.status.shards_of", "Count", p.Int(n), "Shards", p.Int(s.Shards))
		}
		running := make([]string, len(s.Running))
		for i, r := range s.Running {
			running[i] = p.T("leaves.status.running_item", "Shard", r.Shard, "Percent", p.Percent(float64(r.Done)/float64(max(1, r.Games)), 0), "Host", r.Host)
		}
		finished := shards(len(s.Finished))
		runningText := shards(len(s.Running))
		if len(running) > 0 {
			runningText += ": " + strings.Join(running, ", ")
		}
		missing := p.T("leaves.status.none")
		if len(s.Missing) > 0 {
			missing = shards(len(s.Missing)) + ": " + leaves.Ranges(s.Missing)
		}
		kv := [][2]string{
			{p.T("leaves.status.finished"), finished},
			{p.T("leaves.status.running"), runningText},
			{p.T("leaves.status.missing"), missing},
			{p.T("leaves.status.games"), p.T("leaves.status.games_value", "Done", p.Int(s.GamesDone), "Games", p.Int(s.Games),
				"Percent", p.Percent(float64(s.GamesDone)/float64(max(1, s.Games)), 1))},
		}
		if s.GamesPerSec > 0 {
			kv = append(kv, [2]string{p.T("leaves.status.rate"), p.T("leaves.status.rate_value", "Rate", p.Float(s.GamesPerSec, 1),
				"PerShard", p.Float(s.CPUGamesPerSec, 1))})
		}
		if s.ETA > 0 {
			kv = append(kv, [2]string{p.T("leaves.status.eta"), p.Duration(s.ETA)})
		}
		d.KV(kv...)
		if len(s.Missing) == 0 && len(s.Running) == 0 {
			d.P(p.T("leaves.status.complete", "Dir", o.Dir))
		}
	}
	for _, b := range o.Unusable {
		d.Note(p.T("leaves.status.damaged", "File", b.File, "Err", p.Err(b.Err)))
	}
	return d
}
