package client

import "testing"

// TestWebhookAnsweredSurvivesOlderBatch: a batch of byNames that began
// before a write (generation 1) and ends after a batch of the newer
// generation (2) answered a webhook keeps that answer on record: a second
// read of webhook 7 in generation 2 calls again (page 1 is not offered for
// it, and a whole read recorded in generation 2 marks it served). The late
// batch reset the accounting to its own generation, and the newer
// generation's answers were lost.
func TestWebhookAnsweredSurvivesOlderBatch(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, &fixed{status: 200, body: `{"code":200}`})
	s := c.Webhooks
	s.keepFirst(&webhookPage1{at: stamp{gen: 2, at: c.cfg.Now()}})
	s.answer(2, []Webhook{{ID: 7}})
	if got := s.answer(1, []Webhook{{ID: 8}}); !got["8"] || got["7"] {
		t.Errorf("answer of the older generation = %v, want webhook 8 alone", got)
	}
	s.spend(1, 5)
	spent, first := s.spending(2, map[string]bool{"7": true})
	if first != nil {
		t.Error("page 1 offered for webhook 7, which generation 2 answered already: a second read must call again")
	}
	if spent != 0 {
		t.Errorf("filtered calls of generation 2 = %d, want 0 (the 5 were generation 1's)", spent)
	}
	if got := s.answer(2, nil); !got["7"] || got["8"] {
		t.Errorf("answered in generation 2 = %v, want webhook 7 alone", got)
	}
	if _, first := s.spending(2, map[string]bool{"9": true}); first == nil {
		t.Error("page 1 of generation 2 not offered for webhook 9, which it has not answered")
	}
}
