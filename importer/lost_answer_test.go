package importer_test

import (
	"context"
	"errors"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// lostAnswers loses the answer of every users/edit and users/delete: the
// platform carried the call out when carried is set, and never got it
// otherwise. It reads agents back by id.
type lostAnswers struct {
	*importertest.Agents
	carried bool
}

var errEOF = errors.New("POST users/x: EOF")

func (l *lostAnswers) Update(ctx context.Context, id int64, in importer.Values) error {
	if l.carried {
		_ = l.Agents.Update(ctx, id, in)
	}
	return errEOF
}

func (l *lostAnswers) Delete(ctx context.Context, ids ...int64) error {
	if l.carried {
		_ = l.Agents.Delete(ctx, ids...)
	}
	return errEOF
}

func (l *lostAnswers) ByID(ctx context.Context, ids ...int64) (map[int64]importer.Agent, error) {
	out := map[int64]importer.Agent{}
	for a, err := range l.List(ctx) {
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			if a.UserID == id {
				out[id] = a
			}
		}
	}
	return out, nil
}

// TestApply_lostAnswerIsCheckedOnThePlatform: a resign, an update or a
// delete whose answer is lost is done when the platform shows it done,
// and failed (with the error) when it does not.
func TestApply_lostAnswerIsCheckedOnThePlatform(t *testing.T) {
	t.Parallel()
	for _, carried := range []bool{true, false} {
		for _, prune := range []string{importer.PruneResign, importer.PruneDelete} {
			api := importertest.NewAgents()
			api.Seed(importer.Values{"user_num": "9001", "user_name": "Old name"}, importer.Values{"user_num": "7001", "user_name": "Leaver"})
			lost := &lostAnswers{Agents: api, carried: carried}
			path := book(t, "Agents", [][]any{{"user_num", "user_name"}, {"9001", "New name"}})
			_, plan := planOf(t, lost, path, importer.PlanOptions{Prune: prune})
			res := importer.Apply(context.Background(), lost, plan, importer.ApplyOptions{Retries: -1})
			want := importer.OutcomeDone
			if !carried {
				want = importer.OutcomeFailed
			}
			if len(res) != 2 {
				t.Fatalf("%s: %d results, want 2: %+v", prune, len(res), res)
			}
			for _, r := range res {
				if r.Outcome != want {
					t.Errorf("carried out %v, --prune=%s: %s %s: %s (%s), want %s", carried, prune, r.UserNum, r.Action, r.Outcome, r.Message, want)
				}
			}
		}
	}
}
