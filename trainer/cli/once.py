"""Each option once: ``--rules europoker --rules spanish-21`` is refused instead of being
settled by its last word (click's own choice), which a command run from a script or a
shell's history could carry unseen."""

from __future__ import annotations

import click


class OnceOptionsCommand(click.Command):
    """A command that refuses an option given more than once (``multiple`` options
    excepted), naming it."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        _, _, order = self.make_parser(ctx).parse_args(args=list(args))
        if ctx.resilient_parsing or any(param.is_eager for param in order):
            return super().parse_args(ctx, args)  # completing a word, or --help
        for param in order:
            if isinstance(param, click.Option) and not (param.multiple or param.count
                                                        or param.is_eager) \
                    and order.count(param) > 1:
                ctx.fail(f"{' / '.join(param.opts + param.secondary_opts)} is given "
                         f"{order.count(param)} times: give it once")
        return super().parse_args(ctx, args)


class OnceOptionsGroup(click.Group):
    """A group whose commands take each option once."""

    command_class = OnceOptionsCommand
