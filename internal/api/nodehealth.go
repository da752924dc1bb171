package api

import "time"

// The bounds of what /healthz and /readyz say about the chain node (docs/operations-bounds.md).
const (
	// NodePollBudget is how old the node's last answer may be for /healthz to call it
	// reachable, and the head last read for the index to count as caught up: five of the
	// indexer's one-second head polls, or a poll that waited a whole node timeout and more.
	NodePollBudget = 5 * time.Second
	// NodeUnreadyAfter is how long the node may be unreachable before /readyz answers 503:
	// long enough that one slow spell does not take every replica out of a load balancer
	// at once, short enough that a replica cut off from its node stops taking traffic.
	NodeUnreadyAfter = 30 * time.Second
)

// NodeHealth is what this replica knows of the chain node from its own reads of it.
type NodeHealth struct {
	// LastAnswer is when the node last answered a read (zero: not since the start, at
	// Since); HeadRead when its head was last read.
	LastAnswer, HeadRead time.Time
	// Since is when this replica began watching: an unreachable node counts from it when
	// it never answered.
	Since time.Time
	// Now is the time of this report.
	Now time.Time
	// Budget and UnreadyAfter are the bounds (0: NodePollBudget and NodeUnreadyAfter).
	Budget, UnreadyAfter time.Duration
}

// reachable: the node answered within the poll budget.
func (n *NodeHealth) reachable() bool {
	return !n.LastAnswer.IsZero() && n.Now.Sub(n.LastAnswer) <= n.budget()
}

// headFresh: the head the index is measured against was read within the poll budget.
func (n *NodeHealth) headFresh() bool {
	return !n.HeadRead.IsZero() && n.Now.Sub(n.HeadRead) <= n.budget()
}

// unreachableFor is how long the node has not answered (0 while it is reachable).
func (n *NodeHealth) unreachableFor() time.Duration {
	if n.reachable() {
		return 0
	}
	from := n.LastAnswer
	if from.IsZero() {
		from = n.Since
	}
	return max(n.Now.Sub(from), 0)
}

// unready: the node has been unreachable past the readiness bound.
func (n *NodeHealth) unready() bool {
	bound := n.UnreadyAfter
	if bound <= 0 {
		bound = NodeUnreadyAfter
	}
	return n.unreachableFor() > bound
}

func (n *NodeHealth) budget() time.Duration {
	if n.Budget <= 0 {
		return NodePollBudget
	}
	return n.Budget
}

type nodeHealthJSON struct {
	Reachable bool `json:"reachable"`
	// LastAnswerAt and HeadReadAt are RFC 3339 UTC times, null before the first.
	LastAnswerAt *string `json:"lastAnswerAt"`
	HeadReadAt   *string `json:"headReadAt"`
	// UnreachableSeconds is how long the node has not answered (0 while reachable).
	UnreachableSeconds int64 `json:"unreachableSeconds"`
}

func (n *NodeHealth) json() *nodeHealthJSON {
	at := func(t time.Time) *string {
		if t.IsZero() {
			return nil
		}
		s := t.UTC().Format(time.RFC3339Nano)
		return &s
	}
	return &nodeHealthJSON{Reachable: n.reachable(), LastAnswerAt: at(n.LastAnswer), HeadReadAt: at(n.HeadRead),
		UnreachableSeconds: int64(n.unreachableFor() / time.Second)}
}
