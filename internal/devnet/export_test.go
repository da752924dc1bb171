package devnet

import "database/sql"

// What the external tests may see of a node's insides.

// TransactionsInFile is how many of the chain's transactions are in the scratch file.
func (n *Node) TransactionsInFile() int {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.ch.txs.cold
}

// CloseScratchFile closes the chain's scratch file, as a failing disk would leave it:
// reads of old blocks and transactions fail from then on.
func (n *Node) CloseScratchFile() error {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.ch.blocks.file.close()
}

// CloseTransactionIndex closes the index of the transactions in the scratch file, as a
// failing disk would leave it.
func (n *Node) CloseTransactionIndex() error {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.ch.txs.index.close()
}

// TransactionIndexDB is the database of the chain's transaction index (nil before any
// transaction went to the file); holding it does not keep the index alive.
func (n *Node) TransactionIndexDB() *sql.DB {
	n.mu.RLock()
	defer n.mu.RUnlock()
	x := n.ch.txs.index
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.db
}
