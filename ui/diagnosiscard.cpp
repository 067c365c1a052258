#include "ui/diagnosiscard.h"

#include "core/errors/errorrules.h"
#include "ui/errorclasspalette.h"
#include "ui/richtext.h"

#include <QLabel>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

QLabel *makeLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return label;
}

} // namespace

DiagnosisCard::DiagnosisCard(QWidget *parent) : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    setAccessibleName(tr("Diagnosis"));

    auto *layout = new QVBoxLayout(this);
    auto *header = new QHBoxLayout;
    m_badge = new QLabel(this);
    m_badge->setAccessibleName(tr("Error class"));
    m_title = makeLabel(this);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    header->addWidget(m_badge);
    header->addWidget(m_title, 1);
    layout->addLayout(header);

    m_rootCause = makeLabel(this);
    m_rootCause->setAccessibleName(tr("Root cause"));
    m_advice = makeLabel(this);
    m_advice->setTextFormat(Qt::RichText); // names in `code` as code
    m_advice->setAccessibleName(tr("Advice"));
    m_suggestions = makeLabel(this);
    m_suggestions->setAccessibleName(tr("Closest names"));
    layout->addWidget(m_rootCause);
    layout->addWidget(m_advice);
    layout->addWidget(m_suggestions);
    m_fixRow = new QWidget(this);
    auto *fixLayout = new QHBoxLayout(m_fixRow);
    fixLayout->setContentsMargins(0, 0, 0, 0);
    fixLayout->addStretch(1);
    layout->addWidget(m_fixRow);

    m_rawToggle = new QToolButton(this);
    m_rawToggle->setText(tr("Raw error"));
    m_rawToggle->setCheckable(true);
    m_rawToggle->setArrowType(Qt::RightArrow);
    m_rawToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_rawToggle->setAutoRaise(true);
    m_raw = new QPlainTextEdit(this);
    m_raw->setReadOnly(true);
    m_raw->setAccessibleName(tr("Raw error"));
    m_raw->setVisible(false);
    connect(m_rawToggle, &QToolButton::toggled, this, [this](bool on) {
        m_raw->setVisible(on);
        m_rawToggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
    });
    layout->addWidget(m_rawToggle, 0, Qt::AlignLeft);
    layout->addWidget(m_raw, 1);
    layout->addStretch();
    clear();
}

void DiagnosisCard::setDiagnosis(const core::Diagnosis &diagnosis, core::RunOutcome outcome)
{
    m_hasDiagnosis = true;
    m_diagnosis = diagnosis;
    const QString className = core::errorClassName(diagnosis.errorClass());
    m_badge->setText(className);
    m_badge->setStyleSheet(ErrorClassPalette::badgeStyleSheet(
            ErrorClassPalette::background(diagnosis.errorClass(), palette())));
    m_badge->setVisible(true);

    QString title = diagnosis.advice.nature;
    if (outcome == core::RunOutcome::Blocked)
        title = tr("Refused before it reached the database: %1").arg(diagnosis.advice.nature);
    else if (outcome == core::RunOutcome::Timeout)
        title = tr("Stopped by the time limit: %1").arg(diagnosis.advice.nature);
    m_title->setText(title);
    m_rootCause->setText(tr("Root cause: %1").arg(diagnosis.advice.rootCause));
    m_advice->setText(tr("Advice: %1")
                              .toHtmlEscaped()
                              .arg(RichText::withCodeSpans(diagnosis.advice.nextStep)));
    m_suggestions->setText(
            diagnosis.advice.suggestions.isEmpty()
                    ? QString()
                    : tr("Closest real names: %1").arg(diagnosis.advice.suggestions.join(u", "_s)));
    m_suggestions->setVisible(!diagnosis.advice.suggestions.isEmpty());
    // The name the engine says is missing, as the rule that recognised the error captured it.
    m_wrongName.clear();
    if (diagnosis.errorClass() == core::ErrorClass::ColumnMissing
        || diagnosis.errorClass() == core::ErrorClass::TableMissing)
        m_wrongName = diagnosis.classification.match.capture(core::Capture::Name).section(u'.', -1);
    setQuickFixes(m_wrongName.isEmpty() ? QStringList() : diagnosis.advice.suggestions);
    m_raw->setPlainText(diagnosis.error.raw);
    m_rawToggle->setVisible(true);
}

void DiagnosisCard::clear()
{
    m_hasDiagnosis = false;
    m_diagnosis = {};
    m_badge->clear();
    m_badge->setVisible(false);
    m_title->setText(tr("No error. When a query fails, its diagnosis and advice appear here."));
    m_rootCause->clear();
    m_advice->clear();
    m_suggestions->clear();
    m_suggestions->setVisible(false);
    m_wrongName.clear();
    setQuickFixes({});
    m_raw->clear();
    m_rawToggle->setChecked(false);
    m_rawToggle->setVisible(false);
}

void DiagnosisCard::setQuickFixes(const QStringList &names)
{
    qDeleteAll(m_fixButtons);
    m_fixButtons.clear();
    auto *layout = static_cast<QHBoxLayout *>(m_fixRow->layout());
    // A few buttons at most: the closest names, best first.
    for (const QString &name : names.mid(0, 3)) {
        // A qualified suggestion replaces an unqualified name by its last part.
        const QString replacement = m_wrongName.contains(u'.') ? name : name.section(u'.', -1);
        auto *button = new QPushButton(tr("Use %1").arg(replacement), m_fixRow);
        button->setToolTip(tr("Write %1 instead of %2 in the editor (Ctrl+Z undoes it)")
                                   .arg(replacement, m_wrongName));
        connect(button, &QPushButton::clicked, this,
                [this, replacement] { Q_EMIT quickFixChosen(m_wrongName, replacement); });
        layout->insertWidget(layout->count() - 1, button);
        m_fixButtons.append(button);
    }
    m_fixRow->setVisible(!m_fixButtons.isEmpty());
}

QString DiagnosisCard::errorClassName() const
{
    return m_hasDiagnosis ? core::errorClassName(m_diagnosis.errorClass()) : QString();
}

QString DiagnosisCard::adviceText() const
{
    return m_hasDiagnosis ? m_diagnosis.advice.text() : QString();
}

QString DiagnosisCard::rawText() const
{
    return m_raw->toPlainText();
}

} // namespace sqlmend::ui
