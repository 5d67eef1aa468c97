//! The layers open over the home screen, bottom first: a screen (the game, a review), a page, a
//! dialog. Each open layer owns one entry of the navigation history, so the number of open
//! layers is how far the history stands above the home screen's entry.

/// One open layer, told apart from the others for as long as the app runs.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct LayerId(u64);

/// The stack of open layers; `T` is what closes a layer when the player goes back.
#[derive(Debug)]
pub struct Layers<T> {
    open: Vec<(LayerId, T)>,
    next_id: u64,
}

impl<T> Default for Layers<T> {
    fn default() -> Self {
        Self {
            open: Vec::new(),
            next_id: 0,
        }
    }
}

impl<T> Layers<T> {
    /// A layer opened on top; `on_back` closes it when the player goes back.
    pub fn open(&mut self, on_back: T) -> LayerId {
        let id = LayerId(self.next_id);
        self.next_id += 1;
        self.open.push((id, on_back));
        id
    }

    /// How many layers are open.
    pub fn depth(&self) -> usize {
        self.open.len()
    }

    /// A layer that went away by itself (its own button, or the screen under it closed). True
    /// when it was still open, so its history entry must go too; false when going back had
    /// already closed it.
    pub fn close(&mut self, id: LayerId) -> bool {
        let before = self.open.len();
        self.open.retain(|(open, _)| *open != id);
        self.open.len() != before
    }

    /// The player went back to where `depth` layers were open: the layers above it leave the
    /// stack, and what closes them is returned, top first.
    pub fn back_to(&mut self, depth: usize) -> Vec<T> {
        let above = self.open.split_off(depth.min(self.open.len()));
        above
            .into_iter()
            .rev()
            .map(|(_, on_back)| on_back)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_open_layer_adds_one_level() {
        let mut layers = Layers::default();
        assert_eq!(layers.depth(), 0);
        layers.open("game");
        layers.open("menu");
        assert_eq!(layers.depth(), 2);
    }

    #[test]
    fn back_closes_the_top_layer_only() {
        let mut layers = Layers::default();
        layers.open("game");
        layers.open("menu");
        layers.open("rules");
        assert_eq!(layers.back_to(2), vec!["rules"]);
        assert_eq!(layers.depth(), 2);
        assert_eq!(layers.back_to(1), vec!["menu"]);
    }

    #[test]
    fn a_jump_back_closes_every_layer_above_it_from_the_top() {
        let mut layers = Layers::default();
        layers.open("game");
        layers.open("menu");
        layers.open("rules");
        assert_eq!(layers.back_to(0), vec!["rules", "menu", "game"]);
        assert_eq!(layers.depth(), 0);
    }

    #[test]
    fn going_back_with_nothing_above_closes_nothing() {
        let mut layers = Layers::default();
        layers.open("game");
        assert!(layers.back_to(1).is_empty());
        assert!(layers.back_to(5).is_empty());
        assert_eq!(layers.depth(), 1);
    }

    #[test]
    fn a_layer_closed_by_its_own_button_leaves_its_entry_to_remove() {
        let mut layers = Layers::default();
        layers.open("game");
        let menu = layers.open("menu");
        assert!(layers.close(menu));
        assert_eq!(layers.depth(), 1);
    }

    #[test]
    fn a_layer_closed_by_back_has_no_entry_left_to_remove() {
        let mut layers = Layers::default();
        layers.open("game");
        let menu = layers.open("menu");
        layers.back_to(1);
        assert!(!layers.close(menu));
        assert_eq!(layers.depth(), 1);
    }

    #[test]
    fn a_layer_reopened_is_a_new_layer() {
        let mut layers = Layers::default();
        let first = layers.open("menu");
        layers.back_to(0);
        let second = layers.open("menu");
        assert_ne!(first, second);
        assert!(
            !layers.close(first),
            "the old layer's late close changes nothing"
        );
        assert_eq!(layers.depth(), 1);
    }

    #[test]
    fn a_screen_closing_under_its_dialog_takes_one_level_each() {
        let mut layers = Layers::default();
        let game = layers.open("game");
        let menu = layers.open("menu");
        assert!(layers.close(menu));
        assert!(layers.close(game));
        assert_eq!(layers.depth(), 0);
    }
}
