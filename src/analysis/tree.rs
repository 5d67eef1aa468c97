//! The moves of an analysis as a tree, as a game's variations are kept: from each position the
//! first move is the main line and the others are variations. Going back and playing another
//! move adds a variation; playing a move already there walks into it. Pure: it keeps plies and
//! leaves the rules to whoever adds them.

use duobao_rules::PlayedPly;

/// A position of the tree: the one reached by a node's ply (the root: the start).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct NodeId(usize);

#[derive(Clone, Debug, PartialEq)]
struct Node {
    /// The ply that reached this node; none at the root.
    played: Option<PlayedPly>,
    parent: Option<NodeId>,
    /// The main line first, then the variations in the order they were played.
    children: Vec<NodeId>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MoveTree {
    /// Indexed by [`NodeId`]; a deleted node leaves `None`, so ids stay valid for the rest.
    nodes: Vec<Option<Node>>,
}

impl Default for MoveTree {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveTree {
    pub const ROOT: NodeId = NodeId(0);

    /// A tree of the start alone.
    pub fn new() -> MoveTree {
        MoveTree {
            nodes: vec![Some(Node {
                played: None,
                parent: None,
                children: Vec::new(),
            })],
        }
    }

    /// A tree holding `line` as its main line; the ids of its nodes, in order.
    pub fn with_line(line: impl IntoIterator<Item = PlayedPly>) -> (MoveTree, Vec<NodeId>) {
        let mut tree = MoveTree::new();
        let mut at = MoveTree::ROOT;
        let ids = line
            .into_iter()
            .map(|played| {
                at = tree.add(at, played);
                at
            })
            .collect();
        (tree, ids)
    }

    fn node(&self, id: NodeId) -> &Node {
        self.nodes[id.0]
            .as_ref()
            .expect("a node id is used only while its node is in the tree")
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        self.nodes[id.0]
            .as_mut()
            .expect("a node id is used only while its node is in the tree")
    }

    /// Whether `id` is still in the tree (not deleted).
    pub fn contains(&self, id: NodeId) -> bool {
        self.nodes.get(id.0).is_some_and(Option::is_some)
    }

    /// The ply `parent` continues with: the child already holding it, or a new child, which
    /// is the main line if it is the first and a variation otherwise.
    pub fn add(&mut self, parent: NodeId, played: PlayedPly) -> NodeId {
        if let Some(&existing) = self
            .node(parent)
            .children
            .iter()
            .find(|&&child| self.node(child).played.map(|p| p.ply) == Some(played.ply))
        {
            return existing;
        }
        let id = NodeId(self.nodes.len());
        self.nodes.push(Some(Node {
            played: Some(played),
            parent: Some(parent),
            children: Vec::new(),
        }));
        self.node_mut(parent).children.push(id);
        id
    }

    /// The ply that reached `id`; none at the root.
    pub fn played(&self, id: NodeId) -> Option<PlayedPly> {
        self.node(id).played
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The main line first.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).children
    }

    /// The main line's next node from `id`.
    pub fn main_child(&self, id: NodeId) -> Option<NodeId> {
        self.children(id).first().copied()
    }

    /// The end of the main line that goes on from `id` (`id` itself when nothing follows).
    pub fn line_end(&self, id: NodeId) -> NodeId {
        let mut at = id;
        while let Some(next) = self.main_child(at) {
            at = next;
        }
        at
    }

    /// The nodes from the root's first move to `id`, in order (empty for the root).
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The plies from the start to `id`.
    pub fn plies_to(&self, id: NodeId) -> Vec<PlayedPly> {
        self.path(id)
            .into_iter()
            .filter_map(|node| self.played(node))
            .collect()
    }

    /// Whether `id` is its parent's main line (the root is).
    pub fn is_main_child(&self, id: NodeId) -> bool {
        self.parent(id)
            .is_none_or(|parent| self.main_child(parent) == Some(id))
    }

    /// Whether every move from the start to `id` is the main line.
    pub fn is_on_main_line(&self, id: NodeId) -> bool {
        self.path(id)
            .into_iter()
            .all(|node| self.is_main_child(node))
    }

    /// Promotes the variation `id` lies in by one level: the nearest node on its way from the
    /// start that is not its parent's main line becomes it (the old main line becomes that
    /// parent's first variation). False when `id` is on the main line already.
    pub fn promote(&mut self, id: NodeId) -> bool {
        let Some(branch) = self
            .path(id)
            .into_iter()
            .rev()
            .find(|&node| !self.is_main_child(node))
        else {
            return false;
        };
        let parent = self.parent(branch).expect("a variation has a parent");
        let children = &mut self.node_mut(parent).children;
        let index = children
            .iter()
            .position(|&child| child == branch)
            .expect("a node is among its parent's children");
        children[..=index].rotate_right(1);
        true
    }

    /// Deletes `id` and everything after it; where the analysis stands then: its parent. The
    /// start cannot be deleted (none).
    pub fn delete(&mut self, id: NodeId) -> Option<NodeId> {
        let parent = self.parent(id)?;
        self.node_mut(parent).children.retain(|&child| child != id);
        let mut doomed = vec![id];
        while let Some(node) = doomed.pop() {
            doomed.extend_from_slice(self.children(node));
            self.nodes[node.0] = None;
        }
        Some(parent)
    }

    /// The number of nodes, the start included.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.nodes.iter().flatten().count()
    }
}

#[cfg(test)]
mod tests {
    use duobao_rules::{Game, Ply};

    use super::*;

    /// The plies `moves` make from the start, as played.
    fn played(moves: &str) -> Vec<PlayedPly> {
        let mut game = Game::new();
        moves
            .split_whitespace()
            .map(|m| game.play(m.parse::<Ply>().unwrap()).unwrap())
            .collect()
    }

    fn text(tree: &MoveTree, ids: impl IntoIterator<Item = NodeId>) -> String {
        ids.into_iter()
            .filter_map(|id| tree.played(id))
            .map(|p| p.ply.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// b2c2 b4b3 as the main line, and after b2c2 the variation d4d3.
    fn branched() -> (MoveTree, NodeId, NodeId, NodeId) {
        let (mut tree, ids) = MoveTree::with_line(played("b2c2 b4b3"));
        let variation = tree.add(ids[0], played("b2c2 d4d3")[1]);
        (tree, ids[0], ids[1], variation)
    }

    #[test]
    fn adding_moves_makes_the_main_line_then_variations() {
        let (tree, first, main, variation) = branched();
        assert_eq!(tree.children(MoveTree::ROOT), [first]);
        assert_eq!(tree.children(first), [main, variation]);
        assert_eq!(tree.main_child(first), Some(main));
        assert_eq!(text(&tree, tree.path(variation)), "b2c2 d4d3");
        assert!(tree.is_on_main_line(main));
        assert!(!tree.is_on_main_line(variation));
        assert_eq!(tree.len(), 4);
    }

    #[test]
    fn playing_a_move_already_there_walks_into_it() {
        let (mut tree, first, main, _) = branched();
        assert_eq!(tree.add(first, played("b2c2 b4b3")[1]), main);
        assert_eq!(tree.len(), 4, "nothing added");
    }

    #[test]
    fn walking_follows_the_main_line_back_and_forth() {
        let (mut tree, first, main, variation) = branched();
        let deeper = tree.add(variation, played("b2c2 d4d3 b1b2")[2]);
        assert_eq!(tree.parent(main), Some(first));
        assert_eq!(tree.parent(MoveTree::ROOT), None);
        assert_eq!(tree.line_end(MoveTree::ROOT), main);
        assert_eq!(tree.line_end(variation), deeper);
        assert_eq!(tree.line_end(main), main);
        assert_eq!(
            tree.plies_to(deeper)
                .iter()
                .map(|p| p.ply.to_string())
                .collect::<Vec<_>>(),
            ["b2c2", "d4d3", "b1b2"]
        );
        assert!(tree.path(MoveTree::ROOT).is_empty());
    }

    #[test]
    fn promoting_a_variation_makes_it_the_main_line() {
        let (mut tree, first, main, variation) = branched();
        let deeper = tree.add(variation, played("b2c2 d4d3 b1b2")[2]);
        assert!(tree.promote(deeper), "promoted from within the variation");
        assert_eq!(tree.children(first), [variation, main]);
        assert!(tree.is_on_main_line(deeper));
        assert!(!tree.is_on_main_line(main));
        assert!(!tree.promote(deeper), "already the main line");
    }

    #[test]
    fn promoting_moves_a_variation_up_one_level_at_a_time() {
        let (mut tree, first, main, variation) = branched();
        let third = tree.add(first, played("b2c2 a4a3")[1]);
        assert_eq!(tree.children(first), [main, variation, third]);
        assert!(tree.promote(third));
        assert_eq!(tree.children(first), [third, main, variation]);
        // A variation inside a variation goes up to its own line's level first.
        let inner_main = tree.add(variation, played("b2c2 d4d3 b1b2")[2]);
        let inner = tree.add(variation, played("b2c2 d4d3 a2a3")[2]);
        assert!(tree.promote(inner));
        assert_eq!(tree.children(variation), [inner, inner_main]);
        assert_eq!(tree.children(first), [third, main, variation], "not yet");
        assert!(tree.promote(inner));
        assert_eq!(tree.children(first), [variation, third, main]);
    }

    #[test]
    fn deleting_removes_the_move_and_all_after_it() {
        let (mut tree, first, main, variation) = branched();
        let deeper = tree.add(variation, played("b2c2 d4d3 b1b2")[2]);
        assert_eq!(tree.delete(variation), Some(first));
        assert_eq!(tree.children(first), [main]);
        assert!(!tree.contains(variation) && !tree.contains(deeper));
        assert!(tree.contains(main));
        assert_eq!(tree.len(), 3);
        assert_eq!(tree.delete(MoveTree::ROOT), None, "the start stays");
        // Deleting the main line makes the first variation the main line.
        let again = tree.add(first, played("b2c2 d4d3")[1]);
        assert_eq!(tree.delete(main), Some(first));
        assert_eq!(tree.main_child(first), Some(again));
    }
}
