"""Tests of gamelib.sim."""
