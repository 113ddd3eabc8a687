"""The state's chance (core/rng.py) draws exactly what the standard library would from the
same key, so its speed-ups never change a game."""
import random
import threading

from bonekit.core.rng import Rng


def reference(seed: int, counter: int) -> random.Random:
    return random.Random(f"bonekit:{seed}:{counter}")


def test_shuffles_match_the_standard_library_for_every_length_and_many_keys():
    for seed in (0, 1, 7, 12345, -3, 2**40):
        rng = Rng(seed)
        for counter in range(60):
            items = list(range(counter % 41))
            expected = list(items)
            reference(seed, counter).shuffle(expected)
            assert rng.shuffled(items) == expected
        assert rng.counter == 60


def test_a_shuffle_leaves_its_input_alone_and_really_permutes():
    items = tuple("abcdefghij")
    out = Rng(3).shuffled(items)
    assert items == tuple("abcdefghij") and sorted(out) == sorted(items)
    assert len({tuple(Rng(3, c).shuffled(items)) for c in range(20)}) > 15


def test_sample_and_roll_match_and_advance_the_counter():
    rng = Rng(9)
    assert rng.sample("abcdef", 3) == reference(9, 0).sample(list("abcdef"), 3)
    assert rng.roll(6) == reference(9, 1).randint(1, 6)
    assert rng.counter == 2


def test_threads_drawing_at_once_each_get_their_own_draws():
    want = {s: [Rng(s, c).shuffled(range(30)) for c in range(200)] for s in range(4)}
    got: dict[int, list] = {}

    def work(s):
        got[s] = [Rng(s, c).shuffled(range(30)) for c in range(200)]

    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == want


def test_a_stream_is_one_generator_from_one_key_shuffling_in_turn():
    rng = Rng(4, 2)
    draws = rng.stream()
    ref = reference(4, 2)
    for n in (6, 11, 0, 1, 30):
        want = list(range(n))
        ref.shuffle(want)
        assert draws.shuffled(range(n)) == want
    assert rng.counter == 3 and rng.shuffled([1, 2, 3]) == Rng(4, 3).shuffled([1, 2, 3])


def test_the_random_bot_chooses_as_random_choice_would():
    from bonekit import RandomBot

    class Listing:  # a game with a fixed list of legal actions
        def __init__(self, n):
            self.actions = list(range(n))

        def bot_view(self, state, seat):
            return state

        def legal_actions(self, state, seat):
            return self.actions

    for seed in (0, 3, 99):
        bot, ref = RandomBot(seed), random.Random(f"random-bot:{seed}")
        for n in (1, 2, 3, 7, 8, 64, 100):
            game = Listing(n)
            chosen = [bot.choose(game, None, 0) for _ in range(20)]
            assert chosen == [ref.choice(game.actions) for _ in range(20)]
