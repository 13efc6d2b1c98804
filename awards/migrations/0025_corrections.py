"""The corrections (issue 25): a correction and the credits it wrote, kept as made."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


# Corrections are kept as made, like the credits they write (0006), and never emptied
# wholesale (0024's function); a record retired by a merge never takes a home club or a
# status again (issue 25: its number is never issued again, nor brought back). PostgreSQL
# only, as the ledger's own guards; on SQLite the services are the only guard.
FORWARDS = """
CREATE OR REPLACE FUNCTION awards_correction_kept() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% % is a correction as made and is never changed or deleted',
        TG_TABLE_NAME, OLD.id
        USING ERRCODE = 'restrict_violation',
              HINT = 'Correct a correction with another correction.';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER awards_correction_kept
    BEFORE UPDATE OR DELETE ON awards_correction
    FOR EACH ROW EXECUTE FUNCTION awards_correction_kept();
CREATE TRIGGER awards_correctioncredit_kept
    BEFORE UPDATE OR DELETE ON awards_correctioncredit
    FOR EACH ROW EXECUTE FUNCTION awards_correction_kept();
CREATE TRIGGER awards_correction_not_truncated
    BEFORE TRUNCATE ON awards_correction
    FOR EACH STATEMENT EXECUTE FUNCTION awards_ledger_not_truncated();
CREATE TRIGGER awards_correctioncredit_not_truncated
    BEFORE TRUNCATE ON awards_correctioncredit
    FOR EACH STATEMENT EXECUTE FUNCTION awards_ledger_not_truncated();

CREATE OR REPLACE FUNCTION awards_retired_record_stays_retired() RETURNS trigger AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM awards_correction WHERE kind = 'merge' AND player_id = NEW.id) THEN
        RAISE EXCEPTION 'player % was merged into another record and stays retired', OLD.abf_number
            USING ERRCODE = 'restrict_violation',
                  HINT = 'Change the record it was merged into.';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

-- A retired record is inactive without a home club: only a change away from that is checked.
CREATE TRIGGER awards_retired_record_stays_retired
    BEFORE UPDATE ON players_player
    FOR EACH ROW
    WHEN (OLD.status = 'inactive' AND OLD.home_club_id IS NULL
          AND (NEW.status <> 'inactive' OR NEW.home_club_id IS NOT NULL
               OR NEW.abf_number <> OLD.abf_number))
    EXECUTE FUNCTION awards_retired_record_stays_retired();
"""

BACKWARDS = """
DROP TRIGGER IF EXISTS awards_retired_record_stays_retired ON players_player;
DROP FUNCTION IF EXISTS awards_retired_record_stays_retired();
DROP TRIGGER IF EXISTS awards_correctioncredit_not_truncated ON awards_correctioncredit;
DROP TRIGGER IF EXISTS awards_correction_not_truncated ON awards_correction;
DROP TRIGGER IF EXISTS awards_correctioncredit_kept ON awards_correctioncredit;
DROP TRIGGER IF EXISTS awards_correction_kept ON awards_correction;
DROP FUNCTION IF EXISTS awards_correction_kept();
"""


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARDS, params=None)


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARDS, params=None)


class Migration(migrations.Migration):

    dependencies = [
        ('awards', '0024_ledger_not_truncated'),
        ('centre', '0008_deployment'),
        ('clubs', '0004_congress_organisers'),
        ('players', '0009_player_rows_room_for_every_promotion'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Correction',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('reversal', 'Upload reversed'), ('move', 'Credit moved to the right player'), ('amount', 'Amount corrected'), ('grade', 'Grade corrected'), ('merge', 'Records merged')], max_length=8)),
                ('reason', models.CharField(max_length=500)),
                ('made_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                ('details', models.JSONField(blank=True, default=dict)),
                ('club', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.club')),
                ('event', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='corrections', to='awards.event')),
                ('made_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('new_event', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='corrected_from', to='awards.event')),
                ('other_player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='players.player')),
                ('period', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='centre.period')),
                ('player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='corrections', to='players.player')),
                ('upload', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='corrections', to='awards.creditupload')),
            ],
            options={
                'ordering': ['-made_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='CorrectionCredit',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('role', models.CharField(choices=[('reversing', 'Reversing'), ('new', 'New')], max_length=9)),
                ('correction', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='links', to='awards.correction')),
                ('credit', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='correction_link', to='awards.credit')),
            ],
            options={
                'ordering': ['id'],
            },
        ),
        migrations.AddIndex(
            model_name='correction',
            index=models.Index(fields=['kind', 'made_at'], name='correction_kind_made_at'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.CheckConstraint(condition=models.Q(('reason', ''), _negated=True), name='correction_has_a_reason'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.UniqueConstraint(condition=models.Q(('kind', 'reversal')), fields=('upload',), name='upload_reversed_once'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.UniqueConstraint(condition=models.Q(('kind', 'grade')), fields=('event',), name='event_grade_corrected_once'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.UniqueConstraint(condition=models.Q(('kind', 'merge')), fields=('player',), name='record_retired_once'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('kind', 'reversal'), _negated=True), models.Q(('event__isnull', False), ('upload__isnull', False)), _connector='OR'), name='reversal_names_its_upload'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('kind', 'grade'), _negated=True), models.Q(('event__isnull', False), ('new_event__isnull', False)), _connector='OR'), name='grade_correction_names_both_events'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('kind__in', ('move', 'merge')), _negated=True), models.Q(('other_player__isnull', False), ('player__isnull', False), models.Q(('player', models.F('other_player')), _negated=True)), _connector='OR'), name='move_and_merge_name_two_players'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('kind__in', ('move', 'amount')), _negated=True), ('event__isnull', False), _connector='OR'), name='credit_correction_names_its_event'),
        ),
        migrations.RunPython(forwards, backwards, elidable=False),
    ]
