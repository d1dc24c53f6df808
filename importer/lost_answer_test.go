package importer_test

import (
	"context"
	"errors"
	"strings"
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

// TestApply_lostAnswerWithPassword: an update that resets a password and
// whose answer is lost cannot be checked whole (a password is not read
// back): when the platform shows the other values, its outcome is unknown,
// not failed; when it shows none of them, it failed.
func TestApply_lostAnswerWithPassword(t *testing.T) {
	t.Parallel()
	for carried, want := range map[bool]string{true: importer.OutcomeUnknown, false: importer.OutcomeFailed} {
		api := importertest.NewAgents()
		api.Seed(importer.Values{"user_num": "9001", "user_name": "Old name"})
		lost := &lostAnswers{Agents: api, carried: carried}
		path := book(t, "Agents", [][]any{{"user_num", "user_name", "user_password"}, {"9001", "New name", "Passw0rd!9001"}})
		_, plan := planOf(t, lost, path, importer.PlanOptions{ResetPasswords: true})
		res := importer.Apply(context.Background(), lost, plan, importer.ApplyOptions{Retries: -1})
		if len(res) != 1 || res[0].Outcome != want {
			t.Fatalf("carried out %v: %+v, want %s", carried, res, want)
		}
		if carried && !strings.Contains(res[0].Message, "run apply again with --reset-passwords to be sure") {
			t.Errorf("message %q", res[0].Message)
		}
		if strings.Contains(res[0].Message, "Passw0rd") {
			t.Errorf("the password is in the message: %q", res[0].Message)
		}
	}
}
