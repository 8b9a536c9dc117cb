// Package about is what `atril version` reports: the binary's build (its module version, commit
// and Go), the embedded lexicon and the default leave table, as JSON and as a document. It sits
// with the reports, above the lexicon and the engine it reads; no command, study store or
// training activity.
package about

import (
	"runtime"
	"runtime/debug"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

// Lexicon is the embedded lexicon: its name and words.
type Lexicon struct {
	Name  string `json:"name"`
	Words int    `json:"words"`
}

// Report is what the binary knows of itself, as `atril version --json` writes it.
type Report struct {
	Version    string           `json:"version"`
	Commit     string           `json:"commit,omitempty"`
	CommitTime string           `json:"commit_time,omitempty"`
	Modified   bool             `json:"modified,omitempty"`
	Go         string           `json:"go"`
	Platform   string           `json:"platform"`
	Lexicon    Lexicon          `json:"lexicon"`
	Leaves     equity.TableInfo `json:"leaves"`
}

// Build is this binary's report: its module version ("(devel)" when built from a checkout), the
// commit, its time and whether the tree had changes (from the VCS stamp Go embeds), the Go
// version, the embedded lexicon and the default leave table.
func Build() Report {
	bi, _ := debug.ReadBuildInfo()
	return Of(bi)
}

// Of is the report of a binary with build information bi (nil when it has none).
func Of(bi *debug.BuildInfo) Report {
	v := Report{Version: "(devel)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi != nil {
		if bi.Main.Version != "" {
			v.Version = bi.Main.Version
		}
		if bi.GoVersion != "" {
			v.Go = bi.GoVersion
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Commit = s.Value
			case "vcs.time":
				v.CommitTime = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	info := registry.DefaultInfo()
	v.Lexicon = Lexicon{Name: info.Name, Words: info.Words}
	v.Leaves = equity.DefaultTable()
	if info, err := leavetable.BuiltinInfo(); err == nil {
		v.Leaves = info // what moves, selfplay, sim and puzzles use unless told
	}
	return v
}

// Doc is the report as `atril version` prints it, in p's language.
func (v Report) Doc(p *i18n.Printer) *ui.Doc {
	version := v.Version
	if version == "(devel)" {
		version = p.T("version.devel")
	}
	commit := p.T("version.no_commit")
	if v.Commit != "" {
		commit = v.Commit
		if len(commit) > 12 {
			commit = commit[:12]
		}
		if v.CommitTime != "" {
			commit += " (" + v.CommitTime + ")"
		}
		if v.Modified {
			commit += " " + p.T("version.modified")
		}
	}
	leaves := p.T("version.leaves_model", "Name", v.Leaves.Name)
	if v.Leaves.Kind != "model" {
		leaves = p.T("version.leaves_table", "Name", v.Leaves.Name, "Leaves", p.N("version.leaves", v.Leaves.Leaves), "Checksum", v.Leaves.Checksum)
	}
	return ui.NewDoc().KV(
		[2]string{"atril", version},
		[2]string{p.T("version.commit"), commit},
		[2]string{"Go", v.Go + " " + v.Platform},
		[2]string{p.T("version.lexicon"), p.T("version.lexicon_value", "Name", v.Lexicon.Name, "Words", p.N("count.words", v.Lexicon.Words))},
		[2]string{p.T("version.leave_table"), leaves},
	)
}
