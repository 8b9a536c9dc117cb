package leaves

import (
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// StatusReport is where the shards in a directory stand, as `atril leaves status --json`
// writes it.
type StatusReport struct {
	Dir         string             `json:"dir"`
	Complete    bool               `json:"complete"`
	Generations []GenerationStatus `json:"generations"`
	Unusable    []StatusFile       `json:"unusable"`
}

// ReportStatus reads the shards in dir at now (Status); the report is Complete when at least one
// generation was found and every one found is complete.
func ReportStatus(dir string, now time.Time) (*StatusReport, error) {
	gens, bad, err := Status(dir, now)
	if err != nil {
		return nil, err
	}
	out := &StatusReport{Dir: dir, Complete: len(gens) > 0, Generations: gens, Unusable: bad}
	for _, s := range gens {
		if len(s.Missing) > 0 || len(s.Running) > 0 {
			out.Complete = false
		}
	}
	if out.Generations == nil {
		out.Generations = []GenerationStatus{}
	}
	if out.Unusable == nil {
		out.Unusable = []StatusFile{}
	}
	return out, nil
}

// Doc is the report for a reader, in p's language.
func (o *StatusReport) Doc(p *i18n.Printer) *ui.Doc {
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
			missing = shards(len(s.Missing)) + ": " + Ranges(s.Missing)
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
